// cookie-signature ships no types; its two calls, as platform/secret.server.ts makes them.
declare module "cookie-signature" {
  /** `value.signature`: HMAC-SHA256 of `value` under `secret`, in base64 without padding. */
  export function sign(value: string, secret: string): string;
  /** The value `signed` carries when `secret` signed it, else false (compared in constant time). */
  export function unsign(signed: string, secret: string): string | false;
}
