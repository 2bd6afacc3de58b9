// Strapi v4's REST query, parsed as Strapi parses it (qs, so "[filters][x]=y" reads as
// "filters[x]=y") and checked against the content type it asks about: filters with every
// documented operator and $and/$or/$not, `_q` (Strapi's search), sort, fields, populate
// (nested), both pagination styles with Strapi's clamping, locale and publicationState. What
// Strapi accepts is accepted; a name Strapi ignores (an unknown parameter or relation to
// populate, find's parameters on findOne) is ignored too, or refused with API_STRICT=on; what
// it answers with a 500 (an unknown operator, a field that does not exist, a value that is not
// a number where one is compared) is our 400 naming the parameter (docs/strapi-conformance.md).
import qs from "qs";
import { ApiError } from "./errors.server.ts";

/** Strapi's defaults: 25 entries a page, at most 100 (a larger request is capped, not refused). */
export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 100;
/** Deep enough for populate[a][populate][b][filters][$or][0][c][$eq]; deeper is refused, not flattened. */
const MAX_QUERY_DEPTH = 10;
const MAX_QUERY_PARAMETERS = 200;

export const COMPARISON_OPERATORS = [
  "$eq",
  "$eqi",
  "$ne",
  "$nei",
  "$lt",
  "$lte",
  "$gt",
  "$gte",
  "$in",
  "$notIn",
  "$contains",
  "$notContains",
  "$containsi",
  "$notContainsi",
  "$null",
  "$notNull",
  "$between",
  "$startsWith",
  "$startsWithi",
  "$endsWith",
  "$endsWithi",
] as const;
export type ComparisonOperator = (typeof COMPARISON_OPERATORS)[number];
const LOGICAL_OPERATORS = ["$and", "$or", "$not"] as const;

/** How an attribute's values compare: as text, as numbers, as instants or as true/false. */
export type ScalarKind = "string" | "number" | "datetime" | "boolean";

/** What a query may name on one content type. */
export interface ContentType {
  /** Scalar attributes: what `fields`, `sort` and `filters` may name (besides id). */
  scalars: Readonly<Record<string, ScalarKind>>;
  /** Relations and media fields: what `populate` and relation filters may name, with their target. */
  relations: Readonly<Record<string, () => ContentType>>;
  /**
   * JSON attributes (a block's Nav_Links, a file's formats): returned without populate, as
   * Strapi does, and `fields` may name them; `filters` and `sort` may not.
   */
  json?: readonly string[];
  /** Other names `filters` accepts for a scalar (the spec's filters[key] for a block's Key). */
  aliases?: Readonly<Record<string, string>>;
  /** Scalars whose values name the same thing once this maps them alike ("Baby Shoot", "babyShoot"): for $eq, $ne, $in, $notIn. */
  equivalent?: Readonly<Record<string, (value: string) => string>>;
  /**
   * Localized, as with Strapi's i18n plugin (issue 33): its entries come in each of the site's
   * locales (`locale` chooses; content.server.ts), and say theirs in a `locale` attribute.
   */
  localized?: true;
}

export type Condition =
  | { kind: "and"; conditions: Condition[] }
  | { kind: "or"; conditions: Condition[] }
  | { kind: "not"; condition: Condition }
  | {
      kind: "compare";
      path: string[];
      scalar: ScalarKind;
      operator: ComparisonOperator;
      values: string[];
      equivalent?: (value: string) => string;
    };

/** One sort key: an attribute, or a relation's attribute ("galleries.name"), and its direction. */
export interface SortKey {
  path: string[];
  scalar: ScalarKind;
  descending: boolean;
}

/** What to populate of one relation: its own fields and relations, and which of its entries in what order. */
export interface Populate {
  /** Scalar attributes to return; null: all of them. */
  fields: string[] | null;
  populate: Map<string, Populate>;
  /** populate[relation][filters]: only the related entries that match. */
  filter: Condition | null;
  /** populate[relation][sort]: the related entries in this order (else their own). */
  sort: SortKey[];
}

export type Pagination =
  | { style: "page"; page: number; pageSize: number; withCount: boolean }
  | { style: "offset"; start: number; limit: number; withCount: boolean };

export interface ParsedQuery {
  /** `filters` and the `_q` search together: an entry must match both. */
  filter: Condition | null;
  sort: SortKey[];
  fields: string[] | null;
  populate: Map<string, Populate>;
  pagination: Pagination;
  /**
   * As sent: a localized type answers in it (content.server.ts localeOf); a type that is not
   * localized ignores it, as Strapi does.
   */
  locale: string | null;
  /**
   * "live" or "preview" (v4's publicationState; v5's status is "published" or "draft"): drafts
   * are never public here, so each answers the published entries.
   */
  publicationState: "live" | "preview";
}

/**
 * How a query's unknown names are met (a parameter, a relation to populate, a populate or
 * pagination option, find's parameters on findOne): ignored, as Strapi 4 ignores them, or, with
 * `strict` (API_STRICT=on), refused with a 400 naming them. A known name's malformed value is a
 * 400 either way.
 */
export interface QueryOptions {
  strict: boolean;
}

function invalid(parameter: string, problem: string): ApiError {
  return new ApiError(400, "ValidationError", `Invalid parameter "${parameter}": ${problem}`, { parameter });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function stringList(value: unknown): string[] | null {
  if (typeof value === "string") return [value];
  if (Array.isArray(value) && value.every((v) => typeof v === "string")) return value;
  return null;
}

/** qs makes a list of an indexed parameter up to 20 items and an object with "0", "1"... beyond: both are lists. */
function listOf(value: unknown): unknown[] | null {
  if (Array.isArray(value)) return value;
  if (isRecord(value)) {
    const keys = Object.keys(value);
    if (keys.length > 0 && keys.every((k) => /^\d+$/.test(k))) {
      return keys.toSorted((a, b) => Number(a) - Number(b)).map((k) => value[k]);
    }
  }
  return null;
}

const bracket = (parameter: string, key: string | number) => `${parameter}[${key}]`;
const known = (names: readonly string[]) => (names.length > 0 ? names.join(", ") : "none");

// --- fields

function parseFields(raw: unknown, type: ContentType, parameter: string): string[] | null {
  if (raw === undefined) return null;
  const list = stringList(raw);
  if (!list) throw invalid(parameter, "expected a field name, a comma-separated list or fields[0]=...");
  const names = [...new Set(list.flatMap((s) => s.split(",")).map((s) => s.trim()))];
  if (names.includes("*")) return null;
  const fields = [...Object.keys(type.scalars), ...(type.json ?? [])];
  for (const name of names) {
    if (name !== "id" && !fields.includes(name)) {
      throw invalid(parameter, `unknown field "${name}" (this content type has: ${known(fields)})`);
    }
  }
  return names.filter((name) => name !== "id");
}

// --- populate

function everything(type: ContentType): Map<string, Populate> {
  return new Map(Object.keys(type.relations).map((name) => [name, whole()]));
}

/** A relation populated whole: all its fields, none of its own relations, every entry. */
function whole(): Populate {
  return { fields: null, populate: new Map(), filter: null, sort: [] };
}

function relationTarget(type: ContentType, name: string, parameter: string): ContentType {
  const target = Object.hasOwn(type.relations, name) ? type.relations[name] : undefined;
  if (!target)
    throw invalid(
      parameter,
      `unknown relation "${name}" (this content type has: ${known(Object.keys(type.relations))})`,
    );
  return target();
}

/** A relation populate names, or null when there is none by that name and the query is not strict (Strapi ignores it). */
function populatedTarget(type: ContentType, name: string, parameter: string, options: QueryOptions) {
  if (!options.strict && !Object.hasOwn(type.relations, name)) return null;
  if (name === "") throw invalid(parameter, "expected a relation name");
  return relationTarget(type, name, parameter);
}

/** "a.b.c" (Strapi's dotted form) into the tree. */
function addPath(
  into: Map<string, Populate>,
  type: ContentType,
  path: string[],
  parameter: string,
  options: QueryOptions,
): void {
  const [name = "", ...rest] = path;
  const target = populatedTarget(type, name, parameter, options);
  if (target === null) return;
  const node = into.get(name) ?? whole();
  into.set(name, node);
  if (rest.length > 0) addPath(node.populate, target, rest, parameter, options);
}

function parsePopulate(
  raw: unknown,
  type: ContentType,
  parameter: string,
  options: QueryOptions,
): Map<string, Populate> {
  const result = new Map<string, Populate>();
  if (raw === undefined) return result;
  const list = stringList(raw);
  if (list) {
    const names = list.flatMap((s) => s.split(",")).map((s) => s.trim());
    if (names.includes("*")) return everything(type);
    for (const name of names) addPath(result, type, name.split("."), parameter, options);
    return result;
  }
  if (!isRecord(raw)) throw invalid(parameter, 'expected "*", relation names or populate[relation]');
  for (const [name, value] of Object.entries(raw)) {
    const here = bracket(parameter, name);
    const target = populatedTarget(type, name, here, options);
    if (target !== null) result.set(name, parsePopulateNode(value, target, here, options));
  }
  return result;
}

function parsePopulateNode(value: unknown, type: ContentType, parameter: string, options: QueryOptions): Populate {
  // populate[image]=true, populate[image]=* and populate[image][populate]=... all populate image.
  if (value === "true" || value === "*") return whole();
  if (!isRecord(value)) throw invalid(parameter, 'expected "true", "*" or [populate], [fields], [filters], [sort]');
  const node = whole();
  for (const [key, inner] of Object.entries(value)) {
    const here = bracket(parameter, key);
    if (key === "populate") node.populate = parsePopulate(inner, type, here, options);
    else if (key === "fields") node.fields = parseFields(inner, type, here);
    else if (key === "filters") node.filter = parseFilter(inner, type, here);
    else if (key === "sort") node.sort = parseSort(inner, type, here);
    else if (options.strict) throw invalid(here, "unknown populate option (use populate, fields, filters or sort)");
  }
  return node;
}

// --- filters

function checkValue(scalar: ScalarKind, operator: ComparisonOperator, value: string, parameter: string): void {
  if (operator === "$null" || operator === "$notNull") {
    if (!["true", "false", "1", "0"].includes(value)) throw invalid(parameter, 'expected "true" or "false"');
    return;
  }
  if (scalar === "number" && !/^-?\d+(\.\d+)?$/.test(value)) throw invalid(parameter, `"${value}" is not a number`);
  if (scalar === "datetime" && Number.isNaN(Date.parse(value))) throw invalid(parameter, `"${value}" is not a date`);
  if (scalar === "boolean" && !["true", "false", "1", "0"].includes(value)) {
    throw invalid(parameter, `"${value}" is not true or false`);
  }
}

/** The attribute a comparison is about, once a filter's path has reached one. */
interface Attribute {
  scalar: ScalarKind;
  equivalent?: (value: string) => string;
}

function comparison(
  path: string[],
  { scalar, equivalent }: Attribute,
  operator: ComparisonOperator,
  raw: unknown,
  parameter: string,
): Condition {
  if (isRecord(raw) && listOf(raw) === null) {
    const inner = Object.keys(raw)[0] ?? "";
    throw invalid(bracket(parameter, inner), `the value of ${operator} cannot have parts`);
  }
  const values = stringList(listOf(raw) ?? raw);
  const count = operator === "$between" ? 2 : operator === "$in" || operator === "$notIn" ? null : 1;
  if (!values || values.length === 0 || (count !== null && values.length !== count)) {
    const expected = count === null ? "one or more values" : count === 2 ? "two values (from and to)" : "one value";
    throw invalid(parameter, `expected ${expected}`);
  }
  for (const value of values) checkValue(scalar, operator, value, parameter);
  return { kind: "compare", path, scalar, operator, values, equivalent };
}

function all(conditions: Condition[]): Condition {
  return conditions.length === 1 && conditions[0] ? conditions[0] : { kind: "and", conditions };
}

/**
 * One level of a filter: keys are attributes, relations or operators. `at` is the attribute a
 * nested operator applies to (filters[title][$not][$eq]=x), once the path has reached one.
 */
function parseLevel(
  node: unknown,
  type: ContentType,
  path: string[],
  at: Attribute | null,
  parameter: string,
): Condition {
  if (!isRecord(node)) {
    if (at === null) throw invalid(parameter, "expected filters[field]=value or filters[field][$operator]=value");
    return comparison(path, at, "$eq", node, parameter);
  }
  const keys = Object.keys(node);
  if (keys.length === 0) throw invalid(parameter, "expected a field or an operator");
  const conditions = keys.map((key): Condition => {
    const here = bracket(parameter, key);
    const value = node[key];
    if (key === "$and" || key === "$or") {
      const items = listOf(value);
      if (!items || items.length === 0) throw invalid(here, `expected a list: ${here}[0][field]=value`);
      const parts = items.map((item, i) => parseLevel(item, type, path, at, bracket(here, i)));
      return key === "$and" ? { kind: "and", conditions: parts } : { kind: "or", conditions: parts };
    }
    if (key === "$not") return { kind: "not", condition: parseLevel(value, type, path, at, here) };
    if (key.startsWith("$")) {
      if (!(COMPARISON_OPERATORS as readonly string[]).includes(key)) {
        const operators = [...COMPARISON_OPERATORS, ...LOGICAL_OPERATORS].join(", ");
        throw invalid(here, `unknown operator "${key}" (supported: ${operators})`);
      }
      if (at === null) throw invalid(here, `${key} needs a field before it: filters[field][${key}]=value`);
      return comparison(path, at, key as ComparisonOperator, value, here);
    }
    if (at !== null) throw invalid(here, `"${path.at(-1)}" has no parts: expected an operator`);
    if (key === "id") return parseLevel(value, type, [...path, key], { scalar: "number" }, here);
    const name = type.aliases && Object.hasOwn(type.aliases, key) ? (type.aliases[key] as string) : key;
    if (Object.hasOwn(type.scalars, name)) {
      const equivalent = type.equivalent && Object.hasOwn(type.equivalent, name) ? type.equivalent[name] : undefined;
      return parseLevel(value, type, [...path, name], { scalar: type.scalars[name] as ScalarKind, equivalent }, here);
    }
    if (Object.hasOwn(type.relations, key)) {
      return parseLevel(value, relationTarget(type, key, here), [...path, key], null, here);
    }
    const names = ["id", ...Object.keys(type.scalars), ...Object.keys(type.relations)];
    throw invalid(here, `cannot filter on "${key}" (this content type has: ${known(names)})`);
  });
  return all(conditions);
}

function parseFilter(raw: unknown, type: ContentType, parameter: string): Condition | null {
  if (raw === undefined) return null;
  if (!isRecord(raw)) throw invalid(parameter, "expected filters[field]=value or filters[field][$operator]=value");
  return parseLevel(raw, type, [], null, parameter);
}

// --- sort

/** "title", "title:desc", "galleries.name:asc": an attribute, or a relation's, and a direction. */
const SORT_ITEM = /^([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)(?::(asc|desc))?$/i;

/** Resolves "galleries.name" through the relations to the attribute it sorts on. */
function sortKey(type: ContentType, path: string[], direction: string, parameter: string): SortKey {
  const [head, ...rest] = path;
  if (head !== undefined && rest.length > 0 && Object.hasOwn(type.relations, head)) {
    const inner = sortKey(relationTarget(type, head, parameter), rest, direction, parameter);
    return { ...inner, path: [head, ...inner.path] };
  }
  const scalar =
    rest.length > 0 || head === undefined
      ? undefined
      : head === "id"
        ? "number"
        : Object.hasOwn(type.scalars, head)
          ? type.scalars[head]
          : undefined;
  if (!scalar) {
    const relations = Object.keys(type.relations).map((r) => `${r}.…`);
    throw invalid(
      parameter,
      `cannot sort on "${path.join(".")}" (this content type sorts on: ${known(["id", ...Object.keys(type.scalars), ...relations])})`,
    );
  }
  return { path, scalar, descending: direction.toLowerCase() === "desc" };
}

/** sort[title]=desc and sort[galleries][name]=desc, Strapi's object forms. */
function sortObject(item: Record<string, unknown>, type: ContentType, path: string[], parameter: string): SortKey[] {
  return Object.entries(item).flatMap(([key, direction]) => {
    const here = bracket(parameter, key);
    const at = [...path, ...key.split(".")];
    if (isRecord(direction)) return sortObject(direction, type, at, here);
    if (typeof direction !== "string" || !/^(asc|desc)$/i.test(direction))
      throw invalid(here, 'expected "asc" or "desc"');
    return [sortKey(type, at, direction, parameter)];
  });
}

function parseSort(raw: unknown, type: ContentType, parameter: string): SortKey[] {
  if (raw === undefined) return [];
  const items = stringList(raw) ?? listOf(raw) ?? (isRecord(raw) ? [raw] : null);
  if (!items) throw invalid(parameter, 'expected "field", "field:asc" or "field:desc", or a list of them');
  return items.flatMap((item) => {
    if (isRecord(item)) return sortObject(item, type, [], parameter);
    if (typeof item !== "string") throw invalid(parameter, 'expected "field", "field:asc" or "field:desc"');
    return item.split(",").map((part) => {
      const match = SORT_ITEM.exec(part.trim());
      if (!match) throw invalid(parameter, `"${part}" is not "field", "field:asc" or "field:desc"`);
      return sortKey(type, (match[1] ?? "").split("."), match[2] ?? "asc", parameter);
    });
  });
}

// --- pagination

function integer(value: unknown, parameter: string): number {
  if (typeof value !== "string" || !/^-?\d{1,9}$/.test(value)) throw invalid(parameter, "expected a whole number");
  return Number(value);
}

/**
 * Strapi's rules: page at least 1, pageSize and limit between 1 and 100, start at least 0;
 * limit=-1 is the most (100), as Strapi's "no limit" is capped by its maxLimit, while a pageSize
 * of -1 is 1, as any pageSize below 1 is.
 */
function parsePagination(raw: unknown, options: QueryOptions): Pagination {
  const parameter = "pagination";
  if (raw === undefined) return { style: "page", page: 1, pageSize: DEFAULT_PAGE_SIZE, withCount: true };
  if (!isRecord(raw))
    throw invalid(
      parameter,
      "expected pagination[page] and pagination[pageSize], or pagination[start] and pagination[limit]",
    );
  const values: Record<string, number> = {};
  let withCount = true;
  for (const [key, value] of Object.entries(raw)) {
    const here = bracket(parameter, key);
    if (key === "withCount") {
      if (value !== "true" && value !== "false") throw invalid(here, 'expected "true" or "false"');
      withCount = value === "true";
    } else if (["page", "pageSize", "start", "limit"].includes(key)) {
      values[key] = integer(value, here);
    } else if (options.strict) {
      throw invalid(here, "unknown pagination parameter (use page and pageSize, or start and limit, and withCount)");
    }
  }
  const paged = "page" in values || "pageSize" in values;
  const offset = "start" in values || "limit" in values;
  if (paged && offset) {
    throw invalid(parameter, "page and pageSize cannot be used with start and limit in the same query");
  }
  const size = (n: number | undefined) =>
    n === undefined ? DEFAULT_PAGE_SIZE : Math.min(Math.max(n, 1), MAX_PAGE_SIZE);
  if (offset) {
    return {
      style: "offset",
      start: Math.max(values.start ?? 0, 0),
      limit: values.limit === -1 ? MAX_PAGE_SIZE : size(values.limit),
      withCount,
    };
  }
  return { style: "page", page: Math.max(values.page ?? 1, 1), pageSize: size(values.pageSize), withCount };
}

// --- the search

/**
 * Strapi 4's `_q`: the text, in any case, in any of the type's text attributes or in its id
 * (and in its number attributes when the text is a number), as Strapi's database search reads
 * them. A condition like any filter's, so it runs where the filters run (in SQL for shoots)
 * and pages and counts alike. No text: no search, as in Strapi.
 */
function parseSearch(raw: unknown, type: ContentType): Condition | null {
  if (raw === undefined) return null;
  if (typeof raw !== "string") throw invalid("_q", "expected the text to search for (_q=wedding)");
  if (raw === "") return null;
  const numeric = raw.trim() !== "" && Number.isFinite(Number(raw));
  const searched = Object.entries(type.scalars).filter(
    ([, scalar]) => scalar === "string" || (numeric && scalar === "number"),
  );
  const compare = (name: string, scalar: ScalarKind): Condition => ({
    kind: "compare",
    path: [name],
    scalar,
    operator: "$containsi",
    values: [raw],
  });
  return {
    kind: "or",
    conditions: [compare("id", "number"), ...searched.map(([name, scalar]) => compare(name, scalar))],
  };
}

// --- the query

/** find's parameters; findOne takes the ones that choose what an entry holds (Strapi's "selection"). */
const LIST_PARAMETERS = [
  "filters",
  "_q",
  "sort",
  "pagination",
  "fields",
  "populate",
  "locale",
  "publicationState",
  "status",
];
const ONE_PARAMETERS = ["fields", "populate", "locale", "publicationState", "status"];

function parseLocale(raw: unknown): string | null {
  if (raw === undefined) return null;
  if (typeof raw !== "string" || !/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$|^all$/.test(raw)) {
    throw invalid("locale", 'expected a locale code such as "en" or "ta-IN", or "all"');
  }
  return raw;
}

/** v4's publicationState, or v5's status (what Strapi v5 clients send): either, not both. */
function parsePublicationState(raw: Record<string, unknown>): ParsedQuery["publicationState"] {
  const { publicationState: state, status } = raw;
  if (state !== undefined && status !== undefined) {
    throw invalid("status", "publicationState (Strapi v4) and status (Strapi v5) cannot be used together");
  }
  if (status !== undefined) {
    if (status !== "published" && status !== "draft") throw invalid("status", 'expected "published" or "draft"');
    return status === "draft" ? "preview" : "live";
  }
  if (state === undefined) return "live";
  if (state !== "live" && state !== "preview") throw invalid("publicationState", 'expected "live" or "preview"');
  return state;
}

/**
 * Parses a URL's query against one content type, for a list (find) or one entry (findOne).
 * Throws ApiError (400). Names the endpoint does not take are ignored, as Strapi ignores them
 * (find's filters, sort and pagination on findOne, which clients send when they reuse find's
 * parameters), unless `options.strict`.
 */
export function parseQuery(url: URL, type: ContentType, endpoint: "list" | "one", options: QueryOptions): ParsedQuery {
  let parsed: Record<string, unknown>;
  try {
    parsed = qs.parse(url.search.slice(1), {
      depth: MAX_QUERY_DEPTH,
      strictDepth: true,
      parameterLimit: MAX_QUERY_PARAMETERS,
      throwOnLimitExceeded: true,
    });
  } catch {
    throw new ApiError(400, "ValidationError", "The query string is malformed or too deep", { parameter: "" });
  }
  const allowed = endpoint === "list" ? LIST_PARAMETERS : ONE_PARAMETERS;
  const raw: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(parsed)) {
    if (allowed.includes(key)) raw[key] = value;
    else if (options.strict) {
      throw invalid(key, `unknown parameter (this endpoint accepts: ${allowed.join(", ")})`);
    }
  }
  const filters = [parseFilter(raw.filters, type, "filters"), parseSearch(raw._q, type)].filter((c) => c !== null);
  return {
    filter: filters.length === 0 ? null : all(filters),
    sort: parseSort(raw.sort, type, "sort"),
    fields: parseFields(raw.fields, type, "fields"),
    populate: parsePopulate(raw.populate, type, "populate", options),
    pagination: parsePagination(raw.pagination, options),
    locale: parseLocale(raw.locale),
    publicationState: parsePublicationState(raw),
  };
}

// --- evaluation over entries in memory

/** An entry as the filters see it: its attributes, and its relations as lists of such records. */
export interface QueryRecord {
  /** A relation that links back (a collection's shoots, a shoot's collection) as a function: followed only as deep as a filter goes. */
  [attribute: string]: string | number | boolean | null | QueryRecord[] | (() => QueryRecord[]);
}

type Value = string | number | boolean | null;

/** Every value at a path: a relation fans out over its entries ("galleries.name" of each). */
function valuesAt(record: QueryRecord, path: string[]): Value[] {
  const [head, ...rest] = path;
  if (head === undefined) return [];
  const held = record[head];
  const value = typeof held === "function" ? held() : held;
  if (Array.isArray(value)) return rest.length === 0 ? [] : value.flatMap((r) => valuesAt(r, rest));
  return rest.length === 0 ? [value ?? null] : [];
}

function ordered(scalar: ScalarKind, value: Value | string): number | string {
  if (value === null) return Number.NaN;
  if (scalar === "number") return Number(value);
  if (scalar === "datetime") return Date.parse(String(value));
  if (scalar === "boolean") return value === true || value === "true" || value === "1" ? 1 : 0;
  return String(value);
}

function compareValues(a: number | string, b: number | string): number {
  if (typeof a === "number" && typeof b === "number") return a - b;
  return String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0;
}

function test(condition: Extract<Condition, { kind: "compare" }>, value: Value): boolean {
  const { operator, scalar } = condition;
  const wanted = condition.values;
  if (operator === "$null") return (value === null) === (wanted[0] === "true" || wanted[0] === "1");
  if (operator === "$notNull") return (value !== null) === (wanted[0] === "true" || wanted[0] === "1");
  if (value === null) return operator === "$ne" || operator === "$nei" || operator === "$notIn";
  const text = String(value);
  const lower = text.toLowerCase();
  const first = wanted[0] ?? "";
  const alike = condition.equivalent ?? ((s: string) => s);
  const same = (w: string) =>
    scalar === "string" ? alike(text) === alike(w) : compareValues(ordered(scalar, value), ordered(scalar, w)) === 0;
  switch (operator) {
    case "$eq":
      return same(first);
    case "$ne":
      return !same(first);
    case "$eqi":
      return lower === first.toLowerCase();
    case "$nei":
      return lower !== first.toLowerCase();
    case "$in":
      return wanted.some(same);
    case "$notIn":
      return !wanted.some(same);
    case "$lt":
      return compareValues(ordered(scalar, value), ordered(scalar, first)) < 0;
    case "$lte":
      return compareValues(ordered(scalar, value), ordered(scalar, first)) <= 0;
    case "$gt":
      return compareValues(ordered(scalar, value), ordered(scalar, first)) > 0;
    case "$gte":
      return compareValues(ordered(scalar, value), ordered(scalar, first)) >= 0;
    case "$between": {
      const v = ordered(scalar, value);
      return compareValues(v, ordered(scalar, first)) >= 0 && compareValues(v, ordered(scalar, wanted[1] ?? "")) <= 0;
    }
    case "$contains":
      return text.includes(first);
    case "$notContains":
      return !text.includes(first);
    case "$containsi":
      return lower.includes(first.toLowerCase());
    case "$notContainsi":
      return !lower.includes(first.toLowerCase());
    case "$startsWith":
      return text.startsWith(first);
    case "$startsWithi":
      return lower.startsWith(first.toLowerCase());
    case "$endsWith":
      return text.endsWith(first);
    case "$endsWithi":
      return lower.endsWith(first.toLowerCase());
  }
}

/** Whether a record matches; through a relation, some related entry must (Strapi's join). */
export function matches(record: QueryRecord, condition: Condition): boolean {
  switch (condition.kind) {
    case "and":
      return condition.conditions.every((c) => matches(record, c));
    case "or":
      return condition.conditions.some((c) => matches(record, c));
    case "not":
      return !matches(record, condition.condition);
    case "compare": {
      const values = valuesAt(record, condition.path);
      // A relation with no entries has no value: as a SQL join, only $null-like tests can match.
      return (values.length === 0 ? [null] : values).some((v) => test(condition, v));
    }
  }
}

export interface Page<E> {
  entries: E[];
  pagination: Record<string, number>;
}

/** Filters, sorts and pages entries that are already in their default order. */
export function applyQuery<E>(all: E[], query: ParsedQuery, record: (entry: E) => QueryRecord): Page<E> {
  const sorted = selectEntries(all, query, record);
  const { offset, limit } = pageBounds(query.pagination);
  return {
    entries: sorted.slice(offset, offset + limit),
    pagination: paginationMeta(query.pagination, sorted.length),
  };
}

/**
 * The entries a filter keeps, in a sort's order (else their own). A sort through a relation
 * takes the first related entry's value; an entry with none sorts as Strapi's SQL puts a NULL
 * (first ascending, last descending).
 */
export function selectEntries<E>(
  all: readonly E[],
  { filter, sort }: { filter: Condition | null; sort: readonly SortKey[] },
  record: (entry: E) => QueryRecord,
): E[] {
  // Most populated relations are answered whole: no record is needed for that.
  if (filter === null && sort.length === 0) return [...all];
  const rows = all.map((entry) => ({ entry, record: record(entry) }));
  const kept = filter ? rows.filter((r) => matches(r.record, filter)) : rows;
  const sorted =
    sort.length === 0
      ? kept
      : kept.toSorted((a, b) => {
          for (const { path, scalar, descending } of sort) {
            const order = compareNullable(
              scalar,
              valuesAt(a.record, path)[0] ?? null,
              valuesAt(b.record, path)[0] ?? null,
            );
            if (order !== 0) return descending ? -order : order;
          }
          return 0;
        });
  return sorted.map((r) => r.entry);
}

/** NULL before every value ascending, as SQLite (the embedded default) orders it. */
function compareNullable(scalar: ScalarKind, a: Value, b: Value): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? -1 : 1;
  return compareValues(ordered(scalar, a), ordered(scalar, b));
}

/** The rows a page takes: skip `offset`, then at most `limit`. */
export function pageBounds(p: Pagination): { offset: number; limit: number } {
  return p.style === "page"
    ? { offset: (p.page - 1) * p.pageSize, limit: p.pageSize }
    : { offset: p.start, limit: p.limit };
}

/** meta.pagination as Strapi writes it for each style; `total` only counted when asked for. */
export function paginationMeta(p: Pagination, total: number): Record<string, number> {
  const pagination: Record<string, number> =
    p.style === "page" ? { page: p.page, pageSize: p.pageSize } : { start: p.start, limit: p.limit };
  if (p.withCount) {
    if (p.style === "page") pagination.pageCount = Math.ceil(total / p.pageSize);
    pagination.total = total;
  }
  return pagination;
}

/** The relations a query reaches at any depth (populate, filters, sort), each as its type and name. */
export function reachedRelations(query: Pick<ParsedQuery, "filter" | "sort" | "populate">, type: ContentType) {
  const reached: { type: ContentType; relation: string }[] = [];
  const walkPath = (at: ContentType, path: readonly string[]) => {
    let current = at;
    for (const name of path) {
      const target = Object.hasOwn(current.relations, name) ? current.relations[name] : undefined;
      if (!target) return;
      reached.push({ type: current, relation: name });
      current = target();
    }
  };
  const walkCondition = (at: ContentType, condition: Condition | null): void => {
    if (condition === null) return;
    if (condition.kind === "compare") walkPath(at, condition.path);
    else if (condition.kind === "not") walkCondition(at, condition.condition);
    else for (const c of condition.conditions) walkCondition(at, c);
  };
  const walk = (at: ContentType, node: Pick<Populate, "filter" | "sort" | "populate">): void => {
    walkCondition(at, node.filter);
    for (const key of node.sort) walkPath(at, key.path);
    for (const [name, inner] of node.populate) {
      reached.push({ type: at, relation: name });
      walk(relationTarget(at, name, "populate"), inner);
    }
  };
  walk(type, query);
  return reached;
}
