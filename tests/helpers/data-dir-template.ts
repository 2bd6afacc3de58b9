// A data directory (database and media, as the server's DATA_DIR) made once and copied for each
// use: for fixtures that take a minute or more to make through the domain layer (a 3,000-photo
// shoot, the demo studio's import) when every bench run or browser test wants a fresh store.
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { ROOT } from "./server-process.ts";

const TEMPLATE_META = "template.json";

/**
 * Fills the empty `dataDir` with a copy of the template `name` keyed by `key` (everything that
 * shapes it: the maker's version, the pipeline's, the migrations...), made first under
 * tmp/<name>/ by `make(dir)` if no such template is there. `make`'s result (JSON) is kept with
 * the template and returned with every copy; `made` says whether this call had to make it.
 */
export async function templateDataDir<T>(
  dataDir: string,
  { name, key, make }: { name: string; key: unknown[]; make: (dir: string) => Promise<T> },
): Promise<{ value: T; made: boolean }> {
  const hash = createHash("sha256").update(JSON.stringify(key)).digest("hex").slice(0, 16);
  const template = path.join(ROOT, "tmp", name, hash);
  let made = false;
  if (!fs.existsSync(path.join(template, TEMPLATE_META))) {
    // Made beside its final name and renamed: a run killed half way, or two runs at once, never
    // leave a half template under the real name.
    const partial = `${template}.${randomBytes(6).toString("hex")}.partial`;
    fs.mkdirSync(partial, { recursive: true });
    const value = await make(partial);
    fs.writeFileSync(path.join(partial, TEMPLATE_META), JSON.stringify(value ?? null));
    try {
      fs.renameSync(partial, template);
      made = true;
    } catch {
      // Another run finished the same template first; it is identical.
      fs.rmSync(partial, { recursive: true, force: true });
    }
  }
  fs.cpSync(template, dataDir, { recursive: true, filter: (from) => path.basename(from) !== TEMPLATE_META });
  const value = JSON.parse(fs.readFileSync(path.join(template, TEMPLATE_META), "utf8")) as T;
  return { value, made };
}
