// What every resource's entries share in Strapi's shape: the system times, and a relation as
// populate answers it.

import { type Populate, type QueryRecord, selectEntries } from "./query.server.ts";

/** The time of something that has none yet (no studio row): the Unix epoch. */
export const EPOCH = new Date(0).toISOString();

/** When an entry was made and last changed. */
export interface Times {
  createdAt: string;
  updatedAt: string;
}

/**
 * Strapi's system fields for an entry that is always published (a collection, the banner, a
 * block): published when made. A shoot, which may go back to draft, says its own (shootScalars).
 */
export function timestamps({ createdAt, updatedAt }: Times) {
  return { createdAt, updatedAt, publishedAt: createdAt };
}

/** The studio's times (the blocks are its settings); the Unix epoch before it has any. */
export function studioTimes(studio: { created_at: string; updated_at: string } | null): Times {
  return { createdAt: studio?.created_at ?? EPOCH, updatedAt: studio?.updated_at ?? EPOCH };
}

type Serialize<E> = (entry: E, populate: ReadonlyMap<string, Populate>) => unknown;
export const asIs = <E>(entry: E) => entry;

/** A to-many relation as populate asks for it: `{ data: [...] }`, the entries its filters keep, in its sort's order. */
export function toMany<E>(
  entries: readonly E[],
  node: Populate,
  record: (e: E) => QueryRecord,
  serialize: Serialize<E>,
) {
  return { data: selectEntries(entries, node, record).map((e) => serialize(e, node.populate)) };
}

/** A to-one relation: `{ data: entry | null }`; null too when populate's filters leave it out. */
export function toOne<E>(entry: E | null, node: Populate, record: (e: E) => QueryRecord, serialize: Serialize<E>) {
  const [kept] = entry === null ? [] : selectEntries([entry], node, record);
  return { data: kept === undefined ? null : serialize(kept, node.populate) };
}

/**
 * A multiple media field (a block's logo, a shoot's photos, the banner's images) as populate
 * asks for it: `{ data: [...] }`, or `{ data: null }` when it holds no file (or populate's filters
 * keep none), as Strapi 4 answers an empty one. A to-many relation that is not media answers `[]`.
 */
export function mediaList<E>(
  entries: readonly E[],
  node: Populate,
  record: (e: E) => QueryRecord,
  serialize: Serialize<E>,
) {
  const { data } = toMany(entries, node, record, serialize);
  return { data: data.length === 0 ? null : data };
}
