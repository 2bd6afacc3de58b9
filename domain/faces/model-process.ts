// The face model's own process (ADR 044), started by engine.server.ts with fork(): TensorFlow.js
// on its WebAssembly backend runs each photo synchronously for most of a second, which would stall
// every request of the server's event loop, and a process of its own can be given a lower CPU
// priority than the server (so a guest's page and an upload come first) and be stopped to give
// back its memory.
//
// It answers one message at a time: an encoded image in, the faces found out (box as shares of
// the image, detector score, 128-number descriptor). The model's files are read from the npm
// packages on disk; nothing is fetched, and nothing leaves this machine.
import { decodeForFaces, ImageRejectedError } from "../media/pipeline.server.ts";
import { loadFaceModel } from "./model.server.ts";
import type { FaceRequest, FaceResponse, FoundFace } from "./model-protocol.ts";

const ready = loadFaceModel();

async function find(request: FaceRequest): Promise<FaceResponse> {
  const { faceapi, tf, options } = await ready;
  const image = await decodeForFaces(request.bytes, request.fileName);
  const tensor = tf.tensor3d(image.rgb, [image.height, image.width, 3], "int32");
  try {
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
