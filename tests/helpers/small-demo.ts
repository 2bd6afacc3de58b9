// The demo studio with small photographs: the same manifest (every page, shoot id and banner,
// each photo distinct), its 24 MP files replaced by small ones made from one fixture, so a test
// that needs the demo's content imports it in seconds instead of minutes on a busy machine.
// The real photos' import is tested once, in domain/demo/import.server.test.ts.
import fs from "node:fs";
import path from "node:path";
import { DEMO_PHOTOS_DIR } from "#domain/demo/import.server.ts";
import { deriveSource } from "#domain/media/pipeline.server.ts";
import { FIXTURES_DIR, makeTempDir } from "./test-store.ts";

/** A folder to pass to importDemoIfEmpty: the demo's manifest, photos `width` (+ i) × ¾ of it. */
export async function smallDemoPhotos(width: number): Promise<string> {
  const dir = makeTempDir("studio-small-demo-");
  const source = fs.readFileSync(path.join(FIXTURES_DIR, "oriented-gps.jpg"));
  const manifest = JSON.parse(fs.readFileSync(path.join(DEMO_PHOTOS_DIR, "manifest.json"), "utf8")) as {
    file: string;
  }[];
  fs.copyFileSync(path.join(DEMO_PHOTOS_DIR, "manifest.json"), path.join(dir, "manifest.json"));
  for (const [i, { file }] of manifest.entries()) {
    // Distinct sizes make distinct bytes: the import keeps one asset per content.
    fs.writeFileSync(
      path.join(dir, file),
      await deriveSource(source, { width: width + i, height: Math.round((width * 3) / 4) }),
    );
  }
  return dir;
}
