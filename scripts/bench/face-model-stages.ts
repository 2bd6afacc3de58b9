// Where a face search's time goes, for the benches: the model loaded in the bench's own process as
// domain/faces/model-process.ts loads it (TensorFlow.js's WebAssembly backend from disk, the
// weights from the npm package), an image decoded at a chosen long edge, then each stage timed:
// decoding, detection alone, landmarks, descriptors. The engine cannot do this: its input edge is
// FACE_INPUT_EDGE_PX, fixed at build time, and its process answers only the whole search.
import sharp from "sharp";
import { loadFaceModel } from "#domain/faces/model.server.ts";

export interface StageTimes {
  faces: number;
  decodeMs: number;
  detectMs: number;
  landmarksMs: number;
  descriptorsMs: number;
  /** The face widths found, in the decoded image's pixels. */
  facePx: number[];
}

export interface StagedModel {
  /** WebAssembly threads TensorFlow.js uses in this process. */
  threads: number;
  stages(bytes: Uint8Array, edgePx: number): Promise<StageTimes>;
}

export async function loadStagedModel(): Promise<StagedModel> {
  const { faceapi, tf, options, threads } = await loadFaceModel();

  return {
    threads,
    async stages(bytes, edgePx) {
      let started = performance.now();
      const { data, info } = await sharp(bytes)
        .rotate()
        .resize(edgePx, edgePx, { fit: "inside", withoutEnlargement: true })
        .removeAlpha()
        .toColourspace("srgb")
        .raw()
        .toBuffer({ resolveWithObject: true });
      const decodeMs = performance.now() - started;
      const tensor = tf.tensor3d(data, [info.height, info.width, 3], "int32");
      try {
        const input = tensor as never;
        started = performance.now();
        await faceapi.detectAllFaces(input, options);
        const detectMs = performance.now() - started;
        started = performance.now();
        await faceapi.detectAllFaces(input, options).withFaceLandmarks();
        const withLandmarksMs = performance.now() - started;
        started = performance.now();
        const found = await faceapi.detectAllFaces(input, options).withFaceLandmarks().withFaceDescriptors();
        const wholeMs = performance.now() - started;
        return {
          faces: found.length,
          decodeMs,
          detectMs,
          landmarksMs: Math.max(0, withLandmarksMs - detectMs),
          descriptorsMs: Math.max(0, wholeMs - withLandmarksMs),
          facePx: found.map((f) => f.detection.box.width),
        };
      } finally {
        tensor.dispose();
      }
    },
  };
}
