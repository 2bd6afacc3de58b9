// What the face benches (bench-faces.ts, bench-faces-accuracy.ts) are made of, all offline: the
// face model package's six sample photos (22 faces of different people, 1920 px wide), selfies
// made from them, gallery photos made from them, synthetic descriptors shaped like theirs, and
// the memory figures of a process read from /proc.
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import sharp, { type Sharp } from "sharp";
import { DESCRIPTOR_LENGTH } from "#domain/faces/descriptor.ts";
import { prng } from "../drills/fuzz.ts";

const require = createRequire(import.meta.url);

/** The sample photos that ship in @vladmandic/face-api (demo/sample1.jpg … sample6.jpg). */
export function samplePaths(): string[] {
  const demo = path.join(path.dirname(require.resolve("@vladmandic/face-api/package.json")), "demo");
  return Array.from({ length: 6 }, (_, i) => path.join(demo, `sample${i + 1}.jpg`));
}

/** A face's box as shares of its image (as the model answers it). */
export interface ShareBox {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** A normally distributed number (Box-Muller) from `random`. */
export function gaussian(random: () => number): number {
  const u = Math.max(random(), Number.MIN_VALUE);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

/** A phone's front camera selfie is portrait; this is its long edge after the phone's own resizing. */
const SELFIE_LONG_EDGE_PX = 1280;
/** The selfie's crop around the face: this many face widths wide (a selfie at arm's length). */
const SELFIE_FACE_WIDTHS = 2.2;

/**
 * Selfie-like variants of one face of a sample: its crop with margin (portrait, 3:4) rescaled to a
 * phone's size, then each variant changes one thing a guest's phone or light would. All come from
 * the same photo as the face they are matched with, so they are kinder than a real selfie.
 */
export async function selfieVariants(sample: Uint8Array, box: ShareBox): Promise<{ name: string; bytes: Buffer }[]> {
  const { width = 0, height = 0 } = await sharp(sample).metadata();
  const faceW = box.w * width;
  const cropW = Math.min(width, Math.round(faceW * SELFIE_FACE_WIDTHS));
  const cropH = Math.min(height, Math.round((cropW * 4) / 3));
  const cx = (box.x + box.w / 2) * width;
  const cy = (box.y + box.h / 2) * height;
  const left = Math.round(Math.min(Math.max(0, cx - cropW / 2), width - cropW));
  const top = Math.round(Math.min(Math.max(0, cy - cropH * 0.45), height - cropH));
  const crop = await sharp(sample).extract({ left, top, width: cropW, height: cropH }).toBuffer();
  const phone = () =>
    sharp(crop).resize(Math.round((SELFIE_LONG_EDGE_PX * 3) / 4), SELFIE_LONG_EDGE_PX, { fit: "cover" });
  const jpeg = (image: Sharp, quality = 88) => image.jpeg({ quality }).toBuffer();
  const grey = { r: 128, g: 128, b: 128 };
  return [
    { name: "plain", bytes: await jpeg(phone()) },
    { name: "mirrored", bytes: await jpeg(phone().flop()) },
    { name: "rotated +10°", bytes: await jpeg(sharp(await phone().toBuffer()).rotate(10, { background: grey })) },
    { name: "rotated -10°", bytes: await jpeg(sharp(await phone().toBuffer()).rotate(-10, { background: grey })) },
    { name: "dim, flat", bytes: await jpeg(phone().modulate({ brightness: 0.55 }).linear(0.8, 10)) },
    { name: "bright, contrasty", bytes: await jpeg(phone().modulate({ brightness: 1.3 }).linear(1.25, -25)) },
    { name: "JPEG quality 30", bytes: await jpeg(phone(), 30) },
    { name: "blurred (σ 2 px)", bytes: await jpeg(phone().blur(2)) },
    { name: "small (360 px)", bytes: await jpeg(sharp(crop).resize(270, 360, { fit: "cover" })) },
  ];
}

/** A gallery's viewing file's long edge (GALLERY_VIEW_EDGE_PX): what the face-index job reads. */
const GALLERY_PHOTO_EDGE_PX = 2048;

/**
 * `count` distinct gallery photos made from the samples, about 2048 px on the long edge: each a
 * different crop (keeping 80-100% of each side), mirrored every other time, a little lighter or
 * darker, at its own JPEG quality, so no two share bytes and the faces move within the frame.
 */
export async function galleryPhotos(count: number, seed = 31): Promise<Buffer[]> {
  const random = prng(seed);
  const samples = samplePaths().map((p) => fs.readFileSync(p));
  const photos: Buffer[] = [];
  for (let i = 0; i < count; i++) {
    const sample = samples[i % samples.length] as Buffer;
    const { width = 0, height = 0 } = await sharp(sample).metadata();
    const keepW = 0.8 + 0.2 * random();
    const keepH = 0.8 + 0.2 * random();
    const w = Math.round(width * keepW);
    const h = Math.round(height * keepH);
    let image = sharp(sample)
      .extract({
        left: Math.round((width - w) * random()),
        top: Math.round((height - h) * random()),
        width: w,
        height: h,
      })
      .resize(GALLERY_PHOTO_EDGE_PX, GALLERY_PHOTO_EDGE_PX, { fit: "inside" })
      .modulate({ brightness: 0.9 + 0.2 * random() });
    if (Math.floor(i / samples.length) % 2 === 1) image = image.flop();
    photos.push(await image.jpeg({ quality: 84 + Math.floor(random() * 10) }).toBuffer());
  }
  return photos;
}

/**
 * Synthetic descriptors shaped like the model's: each person a real sample descriptor pushed
 * `between` (per number, normal) away from it, so two people lie about as far apart as two real
 * different people do; each face of a person its centre plus `within` of noise.
 */
export function syntheticPeople(
  real: readonly Float32Array[],
  people: number,
  { between, seed }: { between: number; seed: number },
): Float32Array[] {
  const random = prng(seed);
  return Array.from({ length: people }, (_, p) => {
    const base = real[p % real.length] as Float32Array;
    return Float32Array.from(base, (v) => v + between * gaussian(random));
  });
}

export function jitter(centre: Float32Array, within: number, random: () => number): Float32Array {
  const face = new Float32Array(DESCRIPTOR_LENGTH);
  for (let i = 0; i < DESCRIPTOR_LENGTH; i++) face[i] = (centre[i] as number) + within * gaussian(random);
  return face;
}

/** A process's resident memory now and at its peak (VmRSS, VmHWM), in bytes; null once it has exited. */
export function processMemory(pid: number): { rss: number; peak: number } | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? 0) * 1024;
    return { rss: field("VmRSS"), peak: field("VmHWM") };
  } catch {
    return null;
  }
}

/** Linux's clock ticks a second (USER_HZ), the unit of /proc/<pid>/stat's CPU times. */
const CLOCK_TICKS_PER_SECOND = 100;

/** The CPU time a process has used so far (user + system), in seconds; 0 once it has exited. */
export function cpuSeconds(pid: number): number {
  try {
    // The fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/** The pids of a process's children (Linux: /proc/<pid>/task/<tid>/children). */
export function childPids(pid: number): number[] {
  try {
    return fs
      .readdirSync(`/proc/${pid}/task`)
      .flatMap((tid) => fs.readFileSync(`/proc/${pid}/task/${tid}/children`, "utf8").trim().split(/\s+/))
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

/** The machine's load averages, for the figures' context (a shared 2-core machine). */
export function loadLine(): string {
  const [one, five] = fs.readFileSync("/proc/loadavg", "utf8").split(" ");
  return `load average ${one} (1 min), ${five} (5 min)`;
}
