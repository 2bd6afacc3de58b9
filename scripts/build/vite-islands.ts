// A Vite plugin for the islands (app/islands): `import source from "./x.ts?island"` gives the
// module bundled on its own with what it imports, minified, as the text of a script that defines
// `var island` (its exports). deferHydration writes that text into a page, inline, so an island
// runs before any of the page's modules: it must not wait for them, and a separate file would
// cost a phone another round trip. The same module is imported normally by its component, which
// starts it after a client-side navigation.
import { build } from "rolldown";
import type { Plugin } from "vite";
import { ISLAND_EXPORTS } from "#app/islands/island-exports.ts";

const SUFFIX = "?island";

export function islands(): Plugin {
  return {
    name: "studio:islands",
    enforce: "pre",
    async resolveId(id, importer) {
      if (!id.endsWith(SUFFIX)) return null;
      const resolved = await this.resolve(id.slice(0, -SUFFIX.length), importer, { skipSelf: true });
      return resolved ? `${resolved.id}${SUFFIX}` : null;
    },
    async load(id) {
      if (!id.endsWith(SUFFIX)) return null;
      const file = id.slice(0, -SUFFIX.length);
      const { output } = await build({
        input: file,
        write: false,
        logLevel: "silent",
        output: { format: "iife", name: ISLAND_EXPORTS, minify: true },
      });
      const [chunk] = output;
      if (chunk?.type !== "chunk") throw new Error(`island ${file} built to nothing`);
      for (const module of chunk.moduleIds) this.addWatchFile(module);
      return `export default ${JSON.stringify(chunk.code.trim())};`;
    },
  };
}
