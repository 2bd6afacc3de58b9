// A face's descriptor: 128 numbers from dlib's ResNet (through face-api), stored as 512 bytes
// (float32, little-endian, whatever the machine). Two photos of one person give descriptors a
// short Euclidean distance apart; the threshold that says "the same person" is MATCH_DISTANCE
// (ADR 044 says how it was chosen).

export const DESCRIPTOR_LENGTH = 128;
const BYTES = DESCRIPTOR_LENGTH * 4;

export function descriptorToBytes(descriptor: Float32Array): Uint8Array {
  if (descriptor.length !== DESCRIPTOR_LENGTH)
    throw new Error(`a descriptor has ${DESCRIPTOR_LENGTH} numbers, not ${descriptor.length}`);
  const bytes = new Uint8Array(BYTES);
  const view = new DataView(bytes.buffer);
  for (let i = 0; i < DESCRIPTOR_LENGTH; i++) view.setFloat32(i * 4, descriptor[i] as number, true);
  return bytes;
}

export function descriptorFromBytes(bytes: Uint8Array): Float32Array {
  if (bytes.byteLength !== BYTES) throw new Error(`a stored descriptor is ${BYTES} bytes, not ${bytes.byteLength}`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const descriptor = new Float32Array(DESCRIPTOR_LENGTH);
  for (let i = 0; i < DESCRIPTOR_LENGTH; i++) descriptor[i] = view.getFloat32(i * 4, true);
  return descriptor;
}

/** Euclidean distance between two descriptors. */
export function distance(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < DESCRIPTOR_LENGTH; i++) {
    const d = (a[i] as number) - (b[i] as number);
    sum += d * d;
  }
  return Math.sqrt(sum);
}
