// Small JPEGs with the EXIF a camera writes, for the capture-time tests. The app's sharp lives in
// domain/media/pipeline.server.ts alone; this only makes fixtures (sharp writes the Exif sub-IFD,
// libvips' IFD2, where DateTimeOriginal and OffsetTimeOriginal live).
import sharp from "sharp";

/** The edge of the fixture, in pixels: big enough to encode, small enough to be quick. */
const FIXTURE_EDGE_PX = 16;

export interface CameraExif {
  /** Written into ImageDescription, so that two fixtures are never the same bytes (one asset). */
  label: string;
  /** DateTimeOriginal in EXIF's own form, "2024:05:04 16:20:11" (or garbage, to test that). */
  taken?: string;
  /** OffsetTimeOriginal, "+05:30". */
  offset?: string;
}

export async function cameraJpeg({ label, taken, offset }: CameraExif): Promise<Buffer> {
  const exifIfd: Record<string, string> = {};
  if (taken !== undefined) exifIfd.DateTimeOriginal = taken;
  if (offset !== undefined) exifIfd.OffsetTimeOriginal = offset;
  return sharp({ create: { width: FIXTURE_EDGE_PX, height: FIXTURE_EDGE_PX, channels: 3, background: "#7a6a5a" } })
    .jpeg()
    .withExif({ IFD0: { Make: "FixtureCam", ImageDescription: label }, IFD2: exifIfd })
    .toBuffer();
}
