// The face search's accuracy, as far as it can be measured offline (issue 31, ADR 044):
// `node scripts/bench/bench.ts --only=faces-accuracy [--labelled=DIR]`.
//
// The gallery: every face the engine finds in the face model package's six sample photos (22
// faces, each a different person as far as anyone has labelled them). The guests: selfies made
// from each of those faces (a crop with margin, at a phone's size, mirrored, turned, darker,
// lighter, recompressed, blurred, small: face-material.ts), read as a guest's selfie is
// (readSelfie) and compared with every face of the gallery. A selfie's own face is its true
// match; any other face within the threshold is a false match. The demo studio's 32 portfolio
// photos are searched too, and any face found there that a selfie would match is a false match.
// Printed: the true- and false-match rates over a sweep of thresholds, the closest two different
// faces came, and where the selfies' own distances lie. The selfies come from the very photo they
// are matched in, so the true-match rate is an upper bound: a guest's real selfie (another day,
// another angle, other light, other make-up) lies farther from their face in a wedding photo.
//
// `--labelled=DIR`: a folder with one subfolder per person, each holding photos of that person
// alone (any labelled set at hand; none ships with the project). Every pair of photos is then
// compared: the same person across different photos, which the samples cannot show.
//
// Then the model's input edge (FACE_INPUT_EDGE_PX) at 1,024 and 2,048 px on the samples: faces
// found, time per photo and where it goes (face-model-stages.ts).
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { DEMO_PHOTOS_DIR } from "#domain/demo/import.server.ts";
import { distance } from "#domain/faces/descriptor.ts";
import { type FaceEngine, startFaceEngine } from "#domain/faces/engine.server.ts";
import { readSelfie } from "#domain/faces/guests.server.ts";
import {
  type FaceOf,
  MATCH_DISTANCE,
  matchPhotos,
  moreLikeTheseProbes,
  SURE_MATCH_DISTANCE,
} from "#domain/faces/matching.ts";
import type { FoundFace } from "#domain/faces/model-protocol.ts";
import { FACE_INPUT_EDGE_PX } from "#domain/media/constants.ts";
import { loadLine, samplePaths, selfieVariants } from "./face-material.ts";
import { loadStagedModel, type StageTimes } from "./face-model-stages.ts";
import { median, ms } from "./figures.ts";

/** The thresholds swept: from strict to dlib's own 0.6. */
const SWEEP = [0.35, 0.4, 0.45, 0.5, 0.55, 0.6] as const;
/** The model processes for this bench: the machine's two cores. */
const PROCESSES = 2;
/** The input edges compared (1,920 px samples: 2,048 reads them whole). */
const EDGES_PX = [1024, 2048] as const;
/** The mosaics' width (a gallery's viewing file) and how many samples across. */
const MOSAIC_WIDTH_PX = 2048;
const MOSAIC_COLUMNS = [3, 4] as const;
const IMAGE_EXTENSIONS = /\.(jpe?g|png|webp)$/i;
/**
 * A labelled photo smaller than this (a face cropped tight, as labelled sets often are) is put in
 * the middle of a grey canvas three times its size: the detector misses a face that fills its
 * whole frame, and a guest's selfie or a wedding photo has the face inside a larger picture.
 */
const TIGHT_CROP_EDGE_PX = 400;

interface GalleryFace {
  label: string;
  sample: number;
  face: FoundFace;
}

interface Selfie {
  of: number;
  variant: string;
  descriptor: Float32Array | null;
  refusal?: string;
}

function pct(part: number, whole: number): string {
  return whole === 0 ? "-" : `${((100 * part) / whole).toFixed(1)}%`;
}

function row(cells: readonly string[], widths: readonly number[]): string {
  return `  ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join("  ")}`;
}

async function scanSamples(engine: FaceEngine): Promise<{ faces: GalleryFace[]; times: number[] }> {
  const faces: GalleryFace[] = [];
  const times: number[] = [];
  for (const [i, file] of samplePaths().entries()) {
    const started = performance.now();
    const scan = await engine.find(fs.readFileSync(file), path.basename(file), "index");
    times.push(performance.now() - started);
    for (const [j, face] of scan.faces.entries()) faces.push({ label: `sample${i + 1}#${j + 1}`, sample: i, face });
  }
  return { faces, times };
}

async function makeSelfies(engine: FaceEngine, gallery: readonly GalleryFace[]): Promise<Selfie[]> {
  const samples = samplePaths().map((p) => fs.readFileSync(p));
  const jobs: Promise<Selfie>[] = [];
  for (const [of, { sample, face }] of gallery.entries()) {
    for (const { name, bytes } of await selfieVariants(samples[sample] as Buffer, face)) {
      jobs.push(
        readSelfie(engine, bytes, "selfie.jpg").then((result) =>
          result.ok
            ? { of, variant: name, descriptor: result.descriptor }
            : { of, variant: name, descriptor: null, refusal: result.reason },
        ),
      );
    }
  }
  return Promise.all(jobs);
}

async function framed(bytes: Buffer): Promise<Buffer> {
  const { width = 0, height = 0 } = await sharp(bytes).metadata();
  if (Math.max(width, height) >= TIGHT_CROP_EDGE_PX) return bytes;
  return sharp(bytes)
    .extend({ top: height, bottom: height, left: width, right: width, background: { r: 128, g: 128, b: 128 } })
    .png()
    .toBuffer();
}

/** The largest face of each photo in each subfolder of `dir`, by person. */
async function labelledFaces(engine: FaceEngine, dir: string) {
  const people = fs.readdirSync(dir).filter((name) => fs.statSync(path.join(dir, name)).isDirectory());
  const found: { person: string; descriptor: Float32Array }[] = [];
  let photos = 0;
  let missed = 0;
  for (const person of people) {
    const files = fs.readdirSync(path.join(dir, person)).filter((f) => IMAGE_EXTENSIONS.test(f));
    photos += files.length;
    const scans = await Promise.all(
      files.map(async (f) => engine.find(await framed(fs.readFileSync(path.join(dir, person, f))), f, "index")),
    );
    for (const scan of scans) {
      const largest = [...scan.faces].sort((a, b) => b.w * b.h - a.w * a.h)[0];
      if (largest) found.push({ person, descriptor: largest.descriptor });
      else missed++;
    }
  }
  const genuine: number[] = [];
  const impostor: number[] = [];
  for (let i = 0; i < found.length; i++)
    for (let j = i + 1; j < found.length; j++) {
      const a = found[i] as (typeof found)[number];
      const b = found[j] as (typeof found)[number];
      (a.person === b.person ? genuine : impostor).push(distance(a.descriptor, b.descriptor));
    }
  return { people: people.length, photos, missed, genuine, impostor, found };
}

export async function runFacesAccuracyBench(): Promise<void> {
  const labelledDir = process.argv.find((a) => a.startsWith("--labelled="))?.split("=")[1];
  console.log(`Face search accuracy (offline material only); ${loadLine()} at the start`);
  const engine = startFaceEngine({ processes: PROCESSES });
  let selfies: Selfie[];
  let gallery: GalleryFace[];
  let demoFaces: { photo: string; descriptor: Float32Array; px: number }[] = [];
  let demoPhotos = 0;
  let labelled: Awaited<ReturnType<typeof labelledFaces>> | null = null;
  try {
    const scanned = await scanSamples(engine);
    gallery = scanned.faces;
    console.log(
      `  gallery: ${gallery.length} faces in the 6 samples at FACE_INPUT_EDGE_PX ${FACE_INPUT_EDGE_PX} ` +
        `(per sample ${scanned.times.map(ms).join(", ")}; the first includes loading the model)`,
    );
    selfies = await makeSelfies(engine, gallery);
    const demoFiles = fs.readdirSync(DEMO_PHOTOS_DIR).filter((f) => IMAGE_EXTENSIONS.test(f));
    demoPhotos = demoFiles.length;
    const demoScans = await Promise.all(
      demoFiles.map(async (f) => ({
        f,
        scan: await engine.find(fs.readFileSync(path.join(DEMO_PHOTOS_DIR, f)), f, "index"),
      })),
    );
    demoFaces = demoScans.flatMap(({ f, scan }) =>
      scan.faces.map((face) => ({ photo: f, descriptor: face.descriptor, px: Math.round(face.w * scan.width) })),
    );
    if (labelledDir) labelled = await labelledFaces(engine, labelledDir);
  } finally {
    await engine.stop();
  }

  // --- The gallery's own faces: how close do two different people come?
  const pairs: { d: number; a: GalleryFace; b: GalleryFace }[] = [];
  for (let i = 0; i < gallery.length; i++)
    for (let j = i + 1; j < gallery.length; j++) {
      const a = gallery[i] as GalleryFace;
      const b = gallery[j] as GalleryFace;
      pairs.push({ d: distance(a.face.descriptor, b.face.descriptor), a, b });
    }
  pairs.sort((x, y) => x.d - y.d);
  console.log(
    `  the ${pairs.length} pairs of different gallery faces: median ${median(pairs.map((p) => p.d)).toFixed(3)}; closest:`,
  );
  for (const p of pairs.slice(0, 4))
    console.log(`    ${p.d.toFixed(3)} ${p.a.label} / ${p.b.label}${p.a.sample === p.b.sample ? " (same photo)" : ""}`);

  // --- Selfies against the gallery.
  const accepted = selfies.filter((s) => s.descriptor !== null);
  const refusals = new Map<string, number>();
  for (const s of selfies) if (s.refusal) refusals.set(s.refusal, (refusals.get(s.refusal) ?? 0) + 1);
  console.log(
    `  selfies: ${selfies.length} (${gallery.length} faces × ${selfies.length / gallery.length} variants); ` +
      `${accepted.length} accepted by readSelfie, refused: ${[...refusals].map(([r, n]) => `${r} ${n}`).join(", ") || "none"}`,
  );
  const refusedOf = gallery
    .map((g, i) => ({ g, n: selfies.filter((s) => s.of === i && s.refusal).length }))
    .filter(({ n }) => n > 0);
  console.log(
    `    refused, by face (its detector score in the full sample): ${refusedOf
      .map(({ g, n }) => `${g.label} ${n} (${g.face.score.toFixed(2)})`)
      .join(", ")}`,
  );
  const own = accepted.map((s) =>
    distance(s.descriptor as Float32Array, (gallery[s.of] as GalleryFace).face.descriptor),
  );
  const others = accepted.map((s) =>
    gallery
      .filter((_, i) => i !== s.of)
      .map((g) => ({ d: distance(s.descriptor as Float32Array, g.face.descriptor), g })),
  );
  const closestFalse = others
    .flatMap((list, i) => list.map((o) => ({ ...o, s: accepted[i] as Selfie })))
    .sort((a, b) => a.d - b.d)
    .slice(0, 3);
  console.log(
    `  a selfie's own face: median ${median(own).toFixed(3)}, farthest ${Math.max(...own).toFixed(3)}; ` +
      `closest other face to any selfie: ${closestFalse
        .map(
          (c) =>
            `${c.d.toFixed(3)} (a ${c.s.variant} selfie of ${(gallery[c.s.of] as GalleryFace).label} / ${c.g.label})`,
        )
        .join(", ")}`,
  );
  const demoMin = demoFaces.map((f) =>
    Math.min(...accepted.map((s) => distance(s.descriptor as Float32Array, f.descriptor))),
  );
  console.log(
    `  demo photos: ${demoPhotos} searched, ${demoFaces.length} faces found` +
      (demoFaces.length > 0
        ? ` (${demoFaces.map((f, i) => `${f.photo} ${f.px} px wide, ${(demoMin[i] as number).toFixed(3)} from the nearest selfie`).join("; ")})`
        : ""),
  );

  // --- The sweep.
  console.log("  threshold sweep (TMR: a selfie finds its own face; FMR: a selfie and another person's face match)");
  const widths = [10, 10, 12, 16, 11, ...(labelled ? [14, 14] : [])];
  console.log(
    row(
      [
        "threshold",
        "selfie TMR",
        "FMR (pairs)",
        "selfies with a",
        "demo faces",
        ...(labelled ? ["labelled TMR", "labelled FMR"] : []),
      ],
      widths,
    ),
  );
  console.log(row(["", "", "", "false face", "matched", ...(labelled ? ["", ""] : [])], widths));
  const thresholds = [...new Set([...SWEEP, MATCH_DISTANCE, SURE_MATCH_DISTANCE])].sort((a, b) => a - b);
  const otherPairs = others.reduce((n, list) => n + list.length, 0);
  for (const t of thresholds) {
    const tm = own.filter((d) => d < t).length;
    const fm = others.reduce((n, list) => n + list.filter((o) => o.d < t).length, 0);
    const anyFalse = others.filter((list) => list.some((o) => o.d < t)).length;
    const demo = demoMin.filter((d) => d < t).length;
    const marks = [t === MATCH_DISTANCE ? "MATCH" : "", t === SURE_MATCH_DISTANCE ? "SURE" : ""].filter(Boolean);
    console.log(
      row(
        [
          `${t.toFixed(2)}${marks.length ? ` ${marks.join(" ")}` : ""}`,
          pct(tm, own.length),
          `${fm}/${otherPairs}`,
          `${anyFalse} (${pct(anyFalse, accepted.length)})`,
          `${demo}/${demoFaces.length}`,
          ...(labelled
            ? [
                `${labelled.genuine.filter((d) => d < t).length}/${labelled.genuine.length}`,
                `${labelled.impostor.filter((d) => d < t).length}/${labelled.impostor.length}`,
              ]
            : []),
        ],
        widths,
      ),
    );
  }

  // --- Which selfies fare worst, at the threshold in use.
  console.log(
    `  by selfie variant, at MATCH_DISTANCE ${MATCH_DISTANCE}: accepted, TMR, median and farthest own distance`,
  );
  const variants = [...new Set(selfies.map((s) => s.variant))];
  for (const variant of variants) {
    const all = selfies.filter((s) => s.variant === variant);
    const ok = all.map((s, i) => ({ s, i })).filter(({ s }) => s.descriptor !== null);
    const d = ok.map(({ s }) => distance(s.descriptor as Float32Array, (gallery[s.of] as GalleryFace).face.descriptor));
    console.log(
      `    ${variant.padEnd(18)} ${String(ok.length).padStart(2)}/${all.length}  TMR ${pct(
        d.filter((x) => x < MATCH_DISTANCE).length,
        d.length,
      ).padStart(6)}  median ${median(d).toFixed(3)}  farthest ${d.length ? Math.max(...d).toFixed(3) : "-"}`,
    );
  }
  if (labelled) {
    const { people, photos, missed, genuine, impostor } = labelled;
    const sortedImpostor = [...impostor].sort((a, b) => a - b);
    console.log(
      `  labelled set (${labelledDir}): ${people} people, ${photos} photos, ${missed} without a face found; ` +
        `same person: median ${median(genuine).toFixed(3)}, farthest ${Math.max(...genuine).toFixed(3)}; ` +
        `different people: closest ${sortedImpostor
          .slice(0, 3)
          .map((d) => d.toFixed(3))
          .join(", ")}, median ${median(impostor).toFixed(3)}`,
    );
  } else {
    console.log("  labelled set: none given (--labelled=DIR); the same person across different photos is not measured");
  }

  moreLikeTheseFigures(gallery, accepted, labelled?.found ?? []);
  await inputEdgeFigures();
  console.log();
}

/**
 * "More like these" (the faces within SURE_MATCH_DISTANCE of the selfie as extra probes), its
 * matching at each threshold of the sweep: on the samples, whether the selfie's own photo is
 * found and how many other photos are shown; on the labelled set (each photo a one-face gallery
 * photo, each in turn the selfie), the same person's other photos found and other people's.
 */
function moreLikeTheseFigures(
  gallery: readonly GalleryFace[],
  accepted: readonly Selfie[],
  labelled: readonly { person: string; descriptor: Float32Array }[],
): void {
  console.log(
    `  "more like these" (probes within SURE_MATCH_DISTANCE ${SURE_MATCH_DISTANCE}), first search → with more like these, by threshold:`,
  );
  const sampleFaces: FaceOf[] = gallery.map((g, i) => ({ id: i, photoId: g.sample, descriptor: g.face.descriptor }));
  const labelledFaces: FaceOf[] = labelled.map((f, i) => ({ id: i, photoId: i, descriptor: f.descriptor }));
  for (const t of SWEEP.filter((t) => t >= SURE_MATCH_DISTANCE && t <= 0.55)) {
    const samples = (withMore: boolean) => {
      let own = 0;
      let wrong = 0;
      for (const s of accepted) {
        const d = s.descriptor as Float32Array;
        const found = matchPhotos(withMore ? moreLikeTheseProbes(d, sampleFaces) : [d], sampleFaces, t);
        const source = (gallery[s.of] as GalleryFace).sample;
        if (found.some((m) => m.photoId === source)) own++;
        wrong += found.filter((m) => m.photoId !== source).length;
      }
      return { own, wrong };
    };
    const labelledCounts = (withMore: boolean) => {
      let same = 0;
      let sameTotal = 0;
      let other = 0;
      for (const [i, selfie] of labelled.entries()) {
        const rest = labelledFaces.filter((f) => f.id !== i);
        const probes = withMore ? moreLikeTheseProbes(selfie.descriptor, rest) : [selfie.descriptor];
        const found = new Set(matchPhotos(probes, rest, t).map((m) => m.photoId));
        for (const f of rest) {
          const isSame = labelled[f.id]?.person === selfie.person;
          if (isSame) sameTotal++;
          if (found.has(f.photoId)) {
            if (isSame) same++;
            else other++;
          }
        }
      }
      return { same, sameTotal, other };
    };
    const [a, b] = [samples(false), samples(true)];
    let line =
      `    ${t.toFixed(2)}: samples: own photo ${pct(a.own, accepted.length)} → ${pct(b.own, accepted.length)}, ` +
      `other photos shown ${a.wrong} → ${b.wrong} (${accepted.length} selfies × 5 other photos)`;
    if (labelled.length > 0) {
      const [c, d] = [labelledCounts(false), labelledCounts(true)];
      line +=
        `; labelled: same person's other photos ${pct(c.same, c.sameTotal)} → ${pct(d.same, d.sameTotal)}, ` +
        `other people's ${c.other} → ${d.other}`;
    }
    console.log(line);
  }
}

/** Small faces, as in a big group photo: samples tiled `columns` across a 2048 px wide image. */
async function mosaic(samples: readonly Buffer[], columns: number) {
  const tileW = Math.floor(MOSAIC_WIDTH_PX / columns);
  const tileH = Math.round((tileW * 3) / 4);
  const tiles = await Promise.all(
    Array.from({ length: columns * columns }, async (_, i) => ({
      input: await sharp(samples[i % samples.length])
        .resize(tileW, tileH, { fit: "cover" })
        .toBuffer(),
      left: (i % columns) * tileW,
      top: Math.floor(i / columns) * tileH,
    })),
  );
  const bytes = await sharp({
    create: { width: tileW * columns, height: tileH * columns, channels: 3, background: { r: 40, g: 40, b: 40 } },
  })
    .composite(tiles)
    .jpeg({ quality: 90 })
    .toBuffer();
  const perSample = [3, 3, 3, 4, 5, 4];
  const faces = Array.from({ length: columns * columns }, (_, i) => perSample[i % 6] as number).reduce((a, b) => a + b);
  return { bytes, faces, label: `${columns}×${columns} mosaic (faces ${Math.round(92 / columns)} px wide at 1024)` };
}

/** The samples at each input edge, in this process: faces found, time per photo, and by stage. */
async function inputEdgeFigures(): Promise<void> {
  const model = await loadStagedModel();
  const samples = samplePaths().map((p) => fs.readFileSync(p));
  // The first inference of each net compiles its kernels: not a photo's cost.
  await model.stages(samples[0] as Buffer, EDGES_PX[0]);
  console.log(
    `  model input edge, on the 6 samples (1920 px wide), one process, ${model.threads} WebAssembly thread(s); ${loadLine()}`,
  );
  const mosaics = await Promise.all(MOSAIC_COLUMNS.map((columns) => mosaic(samples, columns)));
  for (const edge of EDGES_PX) {
    const runs: StageTimes[] = [];
    for (const sample of samples) runs.push(await model.stages(sample, edge));
    const sum = (pick: (r: StageTimes) => number) => runs.reduce((n, r) => n + pick(r), 0);
    const faces = sum((r) => r.faces);
    const perPhoto = runs.map((r) => r.decodeMs + r.detectMs + r.landmarksMs + r.descriptorsMs);
    const facePx = runs.flatMap((r) => r.facePx);
    console.log(
      `    ${edge} px: ${faces} faces (${runs.map((r) => r.faces).join("+")}), ` +
        `${(await Promise.all(mosaics.map(async (m) => `${(await model.stages(m.bytes, edge)).faces} of up to ${m.faces} in a ${m.label}`))).join(", ")}; ` +
        `face width median ${Math.round(median(facePx))} px; per photo median ${ms(median(perPhoto))}: ` +
        `decode ${ms(median(runs.map((r) => r.decodeMs)))}, detection ${ms(median(runs.map((r) => r.detectMs)))}, ` +
        `landmarks ${ms(sum((r) => r.landmarksMs) / faces)} a face, descriptor ${ms(sum((r) => r.descriptorsMs) / faces)} a face`,
    );
  }
}
