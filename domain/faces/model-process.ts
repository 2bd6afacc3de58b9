// The face model's own process (ADR 044), started by engine.server.ts with fork(): TensorFlow.js
// on its WebAssembly backend runs each photo synchronously for most of a second, which would stall
// every request of the server's event loop, and a process of its own can be given a lower CPU
// priority than the server (so a guest's page and an upload come first) and be stopped to give
// back its memory.
//
// It answers one message at a time: an encoded image in, the faces found out (box as shares of
// the image, detector score, 128-number descriptor). The model's files are read from the npm
// packages on disk; nothing is fetched, and nothing leaves this machine.
import { createRequire } from "node:module";
import path from "node:path";
import { decodeForFaces, ImageRejectedError } from "../media/pipeline.server.ts";
import { FACE_MIN_SCORE, type FaceRequest, type FaceResponse, type FoundFace } from "./model-protocol.ts";

const require = createRequire(import.meta.url);

type FaceApi = typeof import("@vladmandic/face-api");
/** The parts of TensorFlow.js used here (the package's own types are those of its browser bundle). */
interface Tf {
  setBackend(name: string): Promise<boolean>;
  ready(): Promise<void>;
  tensor3d(values: Uint8Array, shape: [number, number, number], dtype: "int32"): { dispose(): void };
}

async function loadModel(): Promise<{ faceapi: FaceApi; tf: Tf }> {
  const tf = require("@tensorflow/tfjs") as Tf;
  const wasm = require("@tensorflow/tfjs-backend-wasm") as {
    setWasmPaths(prefix: string, usePlatformFetch?: boolean): void;
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
  return { faceapi, tf };
}

const ready = loadModel();

async function find(request: FaceRequest): Promise<FaceResponse> {
  const { faceapi, tf } = await ready;
  const image = await decodeForFaces(request.bytes, request.fileName);
  const tensor = tf.tensor3d(image.rgb, [image.height, image.width, 3], "int32");
  try {
    const options = new faceapi.SsdMobilenetv1Options({ minConfidence: FACE_MIN_SCORE, maxResults: 100 });
    const found = await faceapi
      .detectAllFaces(tensor as never, options)
      .withFaceLandmarks()
      .withFaceDescriptors();
    const faces: FoundFace[] = found.map(({ detection, descriptor }) => {
      const { x, y, width, height } = detection.box;
      return {
        x: Math.max(0, x / image.width),
        y: Math.max(0, y / image.height),
        w: Math.min(1, width / image.width),
        h: Math.min(1, height / image.height),
        score: detection.score,
        descriptor: Float32Array.from(descriptor),
      };
    });
    return { id: request.id, ok: true, faces, width: image.width, height: image.height, meanLuma: image.meanLuma };
  } finally {
    tensor.dispose();
  }
}

// The server went away (a kill -9 included: its end of the channel closes): so does this process,
// rather than hold a core and a few hundred MB for no one.
process.on("disconnect", () => process.exit(0));

process.on("message", (message: FaceRequest) => {
  find(message)
    .catch(
      (error: unknown): FaceResponse => ({
        id: message.id,
        ok: false,
        error: {
          name: error instanceof Error ? error.name : "Error",
          message: error instanceof Error ? error.message : String(error),
          ...(error instanceof ImageRejectedError ? { fileName: error.fileName, reason: error.reason } : {}),
        },
      }),
    )
    // The server may have gone while the model looked (its channel closed): then there is no one to tell.
    .then((response) => {
      if (process.connected) process.send?.(response);
    });
});

ready.then(
  () => process.send?.({ ready: true }),
  (error: unknown) => {
    process.send?.({ ready: false, error: String(error) });
    process.exit(1);
  },
);
