// Moving one item a place earlier or later in an ordered list: the keyboard's alternative to
// dragging, for photos, stories, collections and banner slides alike. The order is read and
// written in one transaction, so two moves at once cannot lose one another's step.
import { type Database, lockForTransaction } from "../../platform/db/db.server.ts";

export type Step = -1 | 1;

/** The lock a move holds while it reads and writes an order. */
const ORDER_LOCK = "ordered-list-move";

/** The order with `id` one place earlier (-1) or later (+1); null when it cannot move so. */
export function movedByOne<T>(order: readonly T[], id: T, step: Step): T[] | null {
  const from = order.indexOf(id);
  const to = from + step;
  if (from < 0 || to < 0 || to >= order.length) return null;
  const moved = [...order];
  [moved[from], moved[to]] = [order[to] as T, order[from] as T];
  return moved;
}

export interface OrderedList {
  /** The ids in their current order. */
  read(trx: Database): Promise<number[]>;
  /** Stores a new order (every id of `read`, rearranged). */
  write(trx: Database, ids: number[]): Promise<void>;
}

/**
 * Holds every ordered list's order until the transaction ends: for any change that reads an
 * order and writes it back (a move, a slide added or removed), so two at once take turns.
 */
export function lockOrders(trx: Database): Promise<void> {
  return lockForTransaction(trx, ORDER_LOCK);
}

/** Moves `id` one place in the list; false when it is not there or already at that end. */
export async function moveByOne(db: Database, list: OrderedList, id: number, step: Step): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    // Two moves at once each see the other's result (on PostgreSQL they would otherwise both
    // read the old order, and one move would be lost). Moves are rare: one lock serves every list.
    await lockOrders(trx);
    const order = movedByOne(await list.read(trx), id, step);
    if (!order) return false;
    await list.write(trx, order);
    return true;
  });
}

/** The order with `id` taken out and put back at `index` (clamped to the list); null when it is not there. */
export function movedTo<T>(order: readonly T[], id: T, index: number): T[] | null {
  const from = order.indexOf(id);
  if (from < 0 || !Number.isInteger(index)) return null;
  const rest = order.filter((item) => item !== id);
  rest.splice(Math.min(Math.max(0, index), rest.length), 0, id);
  return rest;
}

/**
 * Moves `id` to place `index` (0 first) in one step: a drag's drop, which may cross several
 * places. False when it is not there or is there already.
 */
export async function moveTo(db: Database, list: OrderedList, id: number, index: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await lockOrders(trx);
    const current = await list.read(trx);
    const order = movedTo(current, id, index);
    if (!order || order.every((item, i) => item === current[i])) return false;
    await list.write(trx, order);
    return true;
  });
}
