// The message catalogues' Vite plugin, as the build, the dev server and Vitest all use it (ADR 047):
// app/locales/*/*.po compile when imported, and a catalogue that lacks a message or holds one that
// is not valid ICU fails the build rather than falling back.
import { lingui } from "@lingui/vite-plugin";

export function catalogues() {
  return lingui({ failOnMissing: true, failOnCompileError: true });
}
