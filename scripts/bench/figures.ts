// How the benches print their figures: the middle run, times and sizes in one format.

const BYTES_PER_KB = 1024;

/** The middle of the runs (the upper one of an even count); NaN without runs. */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/** "840 ms", or "1.25 s" from a second on. */
export function ms(value: number): string {
  return value >= 1000 ? `${(value / 1000).toFixed(2)} s` : `${value.toFixed(0)} ms`;
}

/** "12.3 KB" (1 KB = 1024 bytes). */
export function kb(bytes: number): string {
  return `${(bytes / BYTES_PER_KB).toFixed(1)} KB`;
}
