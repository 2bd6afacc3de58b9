// The server tests start the production build, so make sure it is current first.
import { execFileSync } from "node:child_process";

export default function setup() {
  execFileSync("node", ["scripts/ensure-build.ts"], { stdio: "inherit" });
}
