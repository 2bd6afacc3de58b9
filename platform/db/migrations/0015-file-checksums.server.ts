// The CRC-32 and size of media files, by their storage key, for the galleries' resumable ZIPs
// (ADR 027). A ZIP names each file's CRC-32 before its bytes and again in the directory at its
// end, so an archive whose every byte is known before the first is sent (its length, a Range from
// its middle) needs every CRC ahead. Keys are content-named and a file under a key never changes,
// so a checksum once computed stays true: it is kept here instead of reading a whole wedding's
// originals again at each download. A row without its file is harmless (the file comes back the
// same under the same key).
import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`create table if not exists "file_checksums" (
    -- 'public' (variants) or 'originals': which store the key is in.
    "store" text not null check ("store" in ('public', 'originals')),
    "key" text not null,
    "bytes" integer not null check ("bytes" >= 0),
    -- The ZIP's CRC-32 (ISO 3309), 0 to 2^32 - 1.
    "crc32" integer not null check ("crc32" between 0 and 4294967295),
    primary key ("store", "key")
  ) without rowid`)
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw(`drop table "file_checksums"`).execute(db);
}
