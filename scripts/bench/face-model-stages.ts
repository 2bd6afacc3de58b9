// Where a face search's time goes, for the benches: the model loaded in the bench's own process as
// domain/faces/model-process.ts loads it (TensorFlow.js's WebAssembly backend from disk, the
// weights from the npm package), an image decoded at a chosen long edge, then each stage timed:
// decoding, detection alone, landmarks, descriptors. The engine cannot do this: its input edge is
// FACE_INPUT_EDGE_PX, fixed at build time, and its process answers only the whole search.
import { createRequire } from "node:module";
import path from "node:path";
import sharp from "sharp";
import { FACE_MIN_SCORE } from "#domain/faces/model-protocol.ts";

const require = createRequire(import.meta.url);

type FaceApi = typeof import("@vladmandic/face-api");
interface Tf {
  setBackend(name: string): Promise<boolean>;
  ready(): Promise<void>;
  tensor3d(values: Uint8Array, shape: [number, number, number], dtype: "int32"): { dispose(): void };
}

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
  const tf = require("@tensorflow/tfjs") as Tf;
  const wasm = require("@tensorflow/tfjs-backend-wasm") as {
    setWasmPaths(prefix: string, usePlatformFetch?: boolean): void;
    getThreadsCount(): number;
  };
  wasm.setWasmPaths(`${path.dirname(require.resolve("@tensorflow/tfjs-backend-wasm"))}/`, false);
  await tf.setBackend("wasm");
  await tf.ready();
  const faceapi = require("@vladmandic/face-api/dist/face-api.node-wasm.js") as FaceApi;
  const models = path.join(path.dirname(require.resolve("@vladmandic/face-api/package.json")), "model");
  await faceapi.nets.ssdMobilenetv1.loadFromDisk(models);
  await faceapi.nets.faceLandmark68Net.loadFromDisk(models);
  await faceapi.nets.faceRecognitionNet.loadFromDisk(models);
  const options = new faceapi.SsdMobilenetv1Options({ minConfidence: FACE_MIN_SCORE, maxResults: 100 });

  return {
    threads: wasm.getThreadsCount(),
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
