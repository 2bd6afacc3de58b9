// Sizes in bytes, and how every refusal and progress line says them: a file's size to people who
// think of photos in megabytes, with the same rounding on the upload page, in the server's answers
// and in the admin's forms.

export const KIB = 1024;
export const MIB = 1024 * KIB;
export const GIB = 1024 * MIB;

/**
 * "812 KB" under a mebibyte, "12.4 MB" from one up (one decimal, so 60 MB reads "60.0 MB"),
 * "3.2 GB" from a gibibyte (a wedding's ZIP).
 */
export function formatFileSize(bytes: number): string {
  if (bytes >= GIB) return `${(bytes / GIB).toFixed(1)} GB`;
  return bytes < MIB ? `${Math.round(bytes / KIB)} KB` : `${(bytes / MIB).toFixed(1)} MB`;
}
