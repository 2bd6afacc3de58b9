// Password hashing with scrypt from node:crypto: memory-hard, no native add-on to build.
// A stored hash names its parameters, so they can be raised later and old hashes still verify.
import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from "node:crypto";

/** CPU/memory cost: 2^15 rounds × 8 × 128 bytes = 32 MiB of memory per hash. */
export const SCRYPT_COST_N = 2 ** 15;
export const SCRYPT_BLOCK_SIZE_R = 8;
export const SCRYPT_PARALLELISM_P = 1;
const SALT_BYTES = 16;
const KEY_BYTES = 32;
/** Node refuses scrypt above 32 MiB by default; the cost above needs a little more headroom. */
const SCRYPT_MAX_MEMORY_BYTES = 64 * 1024 * 1024;
/** Shorter passwords are refused when an account is created. */
export const MIN_PASSWORD_LENGTH = 12;
/** Longer input is refused before hashing so a huge body cannot burn CPU. */
export const MAX_PASSWORD_LENGTH = 1024;

function derive(password: string, salt: Buffer, options: ScryptOptions, keyBytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize("NFKC"), salt, keyBytes, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const options = {
    N: SCRYPT_COST_N,
    r: SCRYPT_BLOCK_SIZE_R,
    p: SCRYPT_PARALLELISM_P,
    maxmem: SCRYPT_MAX_MEMORY_BYTES,
  };
  const key = await derive(password, salt, options, KEY_BYTES);
  return ["scrypt", options.N, options.r, options.p, salt.toString("base64"), key.toString("base64")].join("$");
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, saltB64, keyB64] = stored.split("$");
  if (scheme !== "scrypt" || !saltB64 || !keyB64 || password.length > MAX_PASSWORD_LENGTH) return false;
  const expected = Buffer.from(keyB64, "base64");
  const options = { N: Number(n), r: Number(r), p: Number(p), maxmem: SCRYPT_MAX_MEMORY_BYTES };
  const actual = await derive(password, Buffer.from(saltB64, "base64"), options, expected.length);
  return timingSafeEqual(actual, expected);
}

/** A hash of a random password, verified against when the e-mail is unknown, so both cases cost the same. */
let decoy: Promise<string> | undefined;
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword(randomBytes(18).toString("base64"));
  return decoy;
}

/** A password for the owner to write down: 20 characters from a 64-symbol alphabet (120 bits). */
export function generatePassword(): string {
  return randomBytes(15).toString("base64url");
}
