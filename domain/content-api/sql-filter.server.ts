// A parsed Strapi filter (query.server.ts) as a SQL condition, for a resource whose entries are
// rows: the same meaning as `matches` in memory, operator by operator, so a page of 5,000
// shoots is found by the database. Text is compared as JavaScript compares it: `=` and instr()
// are case-sensitive (SQLite's LIKE is not, so it is not used), and dates are compared as the
// fixed-width ISO text they are stored as (platform/time.ts). The same SQL on both engines:
// PostgreSQL's schema has SQLite's instr() (migration 0018-postgres-baseline), and a suffix is
// found without SQLite's negative substr().
import { type Expression, type ExpressionBuilder, type SqlBool, sql } from "kysely";
import type { Condition } from "./query.server.ts";

/** Where a filter path lives in SQL, or null when it does not (a media field's attributes). */
export type ColumnOf = (path: readonly string[]) => Expression<unknown> | null;

/** Whether every comparison in a condition has a column, so the whole of it can run in SQL. */
export function inSql(condition: Condition, columnOf: ColumnOf): boolean {
  switch (condition.kind) {
    case "and":
    case "or":
      return condition.conditions.every((c) => inSql(c, columnOf));
    case "not":
      return inSql(condition.condition, columnOf);
    case "compare":
      return columnOf(condition.path) !== null;
  }
}

function value(condition: Extract<Condition, { kind: "compare" }>, raw: string): string | number {
  switch (condition.scalar) {
    case "number":
      return Number(raw);
    case "boolean":
      return raw === "true" || raw === "1" ? 1 : 0;
    case "datetime":
      return new Date(raw).toISOString();
    case "string":
      return raw;
  }
}

/** The SQL for one condition; `columnOf` must know every path in it (see inSql). */
export function toSql<DB, TB extends keyof DB>(
  eb: ExpressionBuilder<DB, TB>,
  condition: Condition,
  columnOf: ColumnOf,
): Expression<SqlBool> {
  switch (condition.kind) {
    case "and":
      return eb.and(condition.conditions.map((c) => toSql(eb, c, columnOf)));
    case "or":
      return eb.or(condition.conditions.map((c) => toSql(eb, c, columnOf)));
    case "not":
      // As in memory: "not" of a test on a missing value is true.
      return sql<SqlBool>`not coalesce(${toSql(eb, condition.condition, columnOf)}, false)`;
    case "compare":
      return compare(condition, columnOf);
  }
}

function compare(condition: Extract<Condition, { kind: "compare" }>, columnOf: ColumnOf): Expression<SqlBool> {
  const column = columnOf(condition.path);
  if (column === null) throw new Error(`no column for ${condition.path.join(".")}`);
  const { operator, equivalent } = condition;
  const raw = condition.values[0] ?? "";
  if (operator === "$null" || operator === "$notNull") {
    const isNull = (raw === "true" || raw === "1") === (operator === "$null");
    return isNull ? sql<SqlBool>`${column} is null` : sql<SqlBool>`${column} is not null`;
  }
  const values = condition.values.map((v) => value(condition, v));
  const [first = "", second = ""] = values;
  // A collection's name and URL segment are one ("Baby Shoot", "babyShoot"): both sides alike.
  const alike = equivalent !== undefined && condition.scalar === "string";
  const side = alike ? sql`replace(lower(${column}), ' ', '')` : sql`${column}`;
  const wanted = (v: string | number) => (alike && typeof v === "string" ? equivalent(v) : v);
  // The text operators read a value as its text, as in memory (`_q` looks for "2" in every id):
  // PostgreSQL has no lower() or instr() of a number, so a column that is not text is cast first.
  const asText = condition.scalar === "string" ? sql`${column}` : sql`cast(${column} as text)`;
  const lower = sql`lower(${asText})`;
  // The text as given: "1.0" is looked for as "1.0", not as the number it reads as.
  const text = raw;
  const folded = text.toLowerCase();
  const orNull = (test: Expression<SqlBool>) => sql<SqlBool>`(${column} is null or ${test})`;
  switch (operator) {
    case "$eq":
      return sql<SqlBool>`${side} = ${wanted(first)}`;
    case "$ne":
      return orNull(sql<SqlBool>`${side} <> ${wanted(first)}`);
    case "$eqi":
      return sql<SqlBool>`${lower} = ${folded}`;
    case "$nei":
      return orNull(sql<SqlBool>`${lower} <> ${folded}`);
    case "$in":
      return sql<SqlBool>`${side} in (${sql.join(values.map(wanted))})`;
    case "$notIn":
      return orNull(sql<SqlBool>`${side} not in (${sql.join(values.map(wanted))})`);
    case "$lt":
      return sql<SqlBool>`${column} < ${first}`;
    case "$lte":
      return sql<SqlBool>`${column} <= ${first}`;
    case "$gt":
      return sql<SqlBool>`${column} > ${first}`;
    case "$gte":
      return sql<SqlBool>`${column} >= ${first}`;
    case "$between":
      return sql<SqlBool>`${column} between ${first} and ${second}`;
    case "$contains":
      return sql<SqlBool>`instr(${asText}, ${text}) > 0`;
    case "$notContains":
      return orNull(sql<SqlBool>`instr(${asText}, ${text}) = 0`);
    case "$containsi":
      return sql<SqlBool>`instr(${lower}, ${folded}) > 0`;
    case "$notContainsi":
      return orNull(sql<SqlBool>`instr(${lower}, ${folded}) = 0`);
    case "$startsWith":
      return sql<SqlBool>`substr(${asText}, 1, ${text.length}) = ${text}`;
    case "$startsWithi":
      return sql<SqlBool>`substr(${lower}, 1, ${text.length}) = ${folded}`;
    case "$endsWith":
      return endsWith(asText, text);
    case "$endsWithi":
      return endsWith(lower, folded);
  }
}

/**
 * The end of the text, counted from its start: SQLite's substr(x, -n) means the last n
 * characters and PostgreSQL's does not, so the start is worked out from the length (a text
 * shorter than the suffix cannot end with it). An empty suffix ends every text.
 */
function endsWith(column: Expression<unknown>, suffix: string): Expression<SqlBool> {
  if (suffix === "") return sql<SqlBool>`${column} is not null`;
  const n = suffix.length;
  return sql<SqlBool>`(length(${column}) >= ${n} and substr(${column}, length(${column}) - ${n - 1}) = ${suffix})`;
}
