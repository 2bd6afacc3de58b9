// What the server and the face model's process (model-process.ts) say to each other.

/** The detector's lowest score for a face (SSD MobileNet v1): below it, a shadow or a pattern. */
export const FACE_MIN_SCORE = 0.5;

/** A face as the model found it: its box as shares of the image, and its descriptor. */
export interface FoundFace {
  x: number;
  y: number;
  w: number;
  h: number;
  score: number;
  /** 128 numbers (dlib's ResNet embedding): two faces of one person lie close together. */
  descriptor: Float32Array;
}

export interface FaceRequest {
  id: number;
  /** The encoded image (a photo's viewing file, or a guest's selfie: held in memory only). */
  bytes: Uint8Array;
  fileName: string;
}

export type FaceResponse =
  | { id: number; ok: true; faces: FoundFace[]; width: number; height: number; meanLuma: number }
  | { id: number; ok: false; error: { name: string; message: string; fileName?: string; reason?: string } };

/** The process's first message: the model is loaded (or could not be). */
export type FaceReady = { ready: true } | { ready: false; error: string };
