// Names and messages the admin's image field shares between the browser (which refuses an
// oversized file before sending it) and the server (which refuses it again, properly).

import { formatFileSize } from "#platform/bytes.ts";
import { MAX_SOURCE_BYTES } from "../media/constants.ts";

/** The file input of image field `name` (the select is `name` itself). */
export const imageFileFieldName = (name: string) => `${name}File`;

/** What the field accepts; the server sniffs the bytes whatever the browser says. */
export const IMAGE_ACCEPT = "image/jpeg,image/png,image/webp,image/avif,image/heic,image/heif,image/tiff";

export function tooLargeReason(size?: number): string {
  const limit = `the limit is ${formatFileSize(MAX_SOURCE_BYTES)}`;
  return size === undefined ? `too large (${limit})` : `too large (${formatFileSize(size)}; ${limit})`;
}

export function isTooLarge(size: number): boolean {
  return size > MAX_SOURCE_BYTES;
}

/**
 * How many images the select offers: the newest, and those chosen now. It is the field before
 * JavaScript runs (the picker searches them all); a studio with several weddings has tens of
 * thousands, which as options would make each form megabytes.
 */
export const NO_SCRIPT_IMAGE_CHOICES = 300;
