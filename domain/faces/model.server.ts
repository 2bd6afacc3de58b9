// Loading the face model (ADR 044): TensorFlow.js on its WebAssembly backend, the .wasm files and
// the three nets' weights read from their npm packages on disk; nothing is fetched. The model's
// process (model-process.ts) loads it once; the benches load it in their own process to time its
// stages (scripts/bench/face-model-stages.ts).
import { createRequire } from "node:module";
import path from "node:path";
import { FACE_MIN_SCORE } from "./model-protocol.ts";

const require = createRequire(import.meta.url);

export type FaceApi = typeof import("@vladmandic/face-api");
/** The parts of TensorFlow.js used here (the package's own types are those of its browser bundle). */
export interface Tf {
  setBackend(name: string): Promise<boolean>;
  ready(): Promise<void>;
  tensor3d(values: Uint8Array, shape: [number, number, number], dtype: "int32"): { dispose(): void };
}

export interface FaceModel {
  faceapi: FaceApi;
  tf: Tf;
  /** The detector's options: faces scoring at least FACE_MIN_SCORE, up to 100 an image. */
  options: InstanceType<FaceApi["SsdMobilenetv1Options"]>;
  /** WebAssembly threads TensorFlow.js uses in this process (1 in Node). */
  threads: number;
}

export async function loadFaceModel(): Promise<FaceModel> {
  const tf = require("@tensorflow/tfjs") as Tf;
  const wasm = require("@tensorflow/tfjs-backend-wasm") as {
    setWasmPaths(prefix: string, usePlatformFetch?: boolean): void;
    getThreadsCount(): number;
  };
  // Node's fetch cannot read a file path: the .wasm files are read from the package's own folder.
  wasm.setWasmPaths(`${path.dirname(require.resolve("@tensorflow/tfjs-backend-wasm"))}/`, false);
  await tf.setBackend("wasm");
  await tf.ready();
  const faceapi = require("@vladmandic/face-api/dist/face-api.node-wasm.js") as FaceApi;
  const models = path.join(path.dirname(require.resolve("@vladmandic/face-api/package.json")), "model");
  await faceapi.nets.ssdMobilenetv1.loadFromDisk(models);
  await faceapi.nets.faceLandmark68Net.loadFromDisk(models);
  await faceapi.nets.faceRecognitionNet.loadFromDisk(models);
  const options = new faceapi.SsdMobilenetv1Options({ minConfidence: FACE_MIN_SCORE, maxResults: 100 });
  return { faceapi, tf, options, threads: wasm.getThreadsCount() };
}
