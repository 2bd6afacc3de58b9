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

/** Where a selection goes: before another photo, or to an end of the shoot. */
export type Placement = { before: number } | { at: "start" | "end" };

/**
 * The order after placing `ids` (in their present order) together at `placement`; null when
 * none of them is in the order or the photo to place them before is not. Placing a selection
 * before one of its own photos closes it up around that photo. The server stores this order and
 * the admin's page shows it while the server is at it, so both share this one function.
 */
export function placedOrder(order: readonly number[], ids: readonly number[], placement: Placement): number[] | null {
  const wanted = new Set(ids);
  const moving = order.filter((id) => wanted.has(id));
  if (moving.length === 0) return null;
  const staying = order.filter((id) => !wanted.has(id));
  let index: number;
  if ("before" in placement) {
    const at = order.indexOf(placement.before);
    if (at < 0) return null;
    // The first photo from there on that stays is the one the selection goes before.
    let next = at;
    while (next < order.length && wanted.has(order[next] as number)) next++;
    index = next < order.length ? staying.indexOf(order[next] as number) : staying.length;
  } else {
    index = placement.at === "start" ? 0 : staying.length;
  }
  return [...staying.slice(0, index), ...moving, ...staying.slice(index)];
}
