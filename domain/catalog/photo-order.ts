// A shoot's hand-made photo order is stored as gapped integer positions, so that moving a photo
// (or a selection of k photos) is k writes: new positions between its new neighbours, with the
// other 3,000 photos of a wedding left alone. Only when a gap has been halved down to nothing is
// the shoot renumbered, once, with fresh gaps.

/** The room left between neighbours: ten halvings in one place before a renumbering. */
export const POSITION_GAP = 1024;

/**
 * `count` increasing integer positions strictly between `low` and `high` (null: open on that
 * side), spread evenly; null when there is no room for them.
 */
export function positionsBetween(low: number | null, high: number | null, count: number): number[] | null {
  const at = (i: number) => i + 1;
  if (low === null && high === null) return Array.from({ length: count }, (_, i) => i * POSITION_GAP);
  if (low === null) return Array.from({ length: count }, (_, i) => (high as number) - (count - i) * POSITION_GAP);
  if (high === null) return Array.from({ length: count }, (_, i) => low + at(i) * POSITION_GAP);
  const step = (high - low) / (count + 1);
  // With a step of at least 1 the floors are distinct and stay below `high`.
  if (step < 1) return null;
  return Array.from({ length: count }, (_, i) => low + Math.floor(step * at(i)));
}

/** Positions for a whole order: 0, GAP, 2 × GAP, ... */
export function gappedPositions(count: number): number[] {
  return Array.from({ length: count }, (_, i) => i * POSITION_GAP);
}
