// The data the browser tests start from, made once and copied (fixtures/data-dir-template.ts):
//   node scripts/test/browser-data.ts DIR   empties DIR and fills it with the demo studio: the
//                                           Playwright server's DATA_DIR (playwright.config.ts)
//   node scripts/test/browser-data.ts       only makes the templates the browser tests copy, the
//                                           demo studio and the 3,000-photo wedding: `npm test`
//                                           runs it beside the type check, whose single thread
//                                           leaves a core idle, so the browser tests find them made
import fs from "node:fs";
import path from "node:path";
import { BROWSER_TEST_WEDDING, bigShootTemplate } from "#fixtures/big-shoot.ts";
import { dataDirTemplate, type TemplateSpec } from "#fixtures/data-dir-template.ts";
import { demoDataDir, demoTemplate } from "#fixtures/demo-data-dir.ts";

async function ensureTemplate<T>(what: string, spec: TemplateSpec<T>): Promise<void> {
  const started = performance.now();
  const { made } = await dataDirTemplate(spec);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`${what}: ${made ? `template made in ${seconds} s` : "template found"}`);
}

const [target] = process.argv.slice(2);
if (target) {
  const dataDir = path.resolve(target);
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true });
  const { made } = await demoDataDir(dataDir);
  console.log(`The demo studio in ${path.relative(process.cwd(), dataDir)} (${made ? "template made" : "copied"})`);
} else {
  await ensureTemplate("The demo studio", demoTemplate());
  await ensureTemplate(`The wedding of ${BROWSER_TEST_WEDDING.count} photos`, bigShootTemplate(BROWSER_TEST_WEDDING));
}
