// The Strapi v4 query subset the content API understands: populate, filters, sort and page
// pagination, parsed with qs as Strapi parses them (so "[filters][x]=y" reads as
// "filters[x]=y"). Anything else, or anything malformed, is a 400 that names the parameter.
import qs from "qs";
import { z } from "zod";
import { ApiError } from "./errors.server.ts";

/** Strapi's defaults: 25 entries a page, at most 100 (a larger request is capped, not refused). */
export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 100;
/** Deeper brackets than any call here needs are refused rather than silently flattened. */
const MAX_QUERY_DEPTH = 5;
const MAX_QUERY_PARAMETERS = 100;

export const FILTER_OPERATORS = [
  "$eq",
  "$eqi",
  "$ne",
  "$in",
  "$notIn",
  "$contains",
  "$containsi",
  "$startsWith",
] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

type Scalar = string | number;

/** A field clients may filter or sort on, read from an entry. */
export interface QueryField<E> {
  values(entry: E): Scalar[];
  /** How values compare for $eq and friends (e.g. "Baby Shoot" and "babyShoot" as one). */
  normalize?: (value: string) => string;
}

export interface QuerySpec<E> {
  /** Relations `populate` may name. */
  relations: readonly string[];
  /** Filterable fields by dotted path ("galleries.name"); absent on single-entry endpoints. */
  filters?: Record<string, QueryField<E>>;
  /** Sortable fields; absent on single-entry endpoints. */
  sorts?: Record<string, QueryField<E>>;
}

export interface Filter {
  field: string;
  operator: FilterOperator;
  values: string[];
}

export interface ParsedQuery {
  populate: Set<string>;
  filters: Filter[];
  sort: { field: string; descending: boolean }[];
  page: number;
  pageSize: number;
  withCount: boolean;
}

function invalid(parameter: string, problem: string): ApiError {
  return new ApiError(400, "ValidationError", `Invalid parameter "${parameter}": ${problem}`, { parameter });
}

const wholeNumber = z
  .string()
  .regex(/^\d{1,9}$/)
  .transform(Number)
  .pipe(z.number().int().min(1));

const sortItem = z.string().regex(/^[A-Za-z_][\w.]*(:(asc|desc|ASC|DESC))?$/);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function stringList(value: unknown): string[] | null {
  if (typeof value === "string") return [value];
  if (Array.isArray(value) && value.every((v) => typeof v === "string")) return value;
  return null;
}

function parsePopulate(raw: unknown, relations: readonly string[]): Set<string> {
  if (raw === undefined) return new Set();
  let names: string[];
  const list = stringList(raw);
  if (list) names = list.flatMap((s) => s.split(",")).map((s) => s.trim());
  else if (isRecord(raw)) names = Object.keys(raw);
  else throw invalid("populate", 'expected "*", relation names or populate[name]');
  if (names.includes("*")) return new Set(relations);
  for (const name of names) {
    if (!relations.includes(name)) {
      const known = relations.length ? relations.join(", ") : "none";
      throw invalid("populate", `unknown relation "${name}" (this endpoint has: ${known})`);
    }
  }
  return new Set(names);
}

function parseFilters<E>(raw: unknown, fields: Record<string, QueryField<E>>): Filter[] {
  const filters: Filter[] = [];
  const walk = (node: unknown, path: string[]) => {
    const parameter = `filters${path.map((p) => `[${p}]`).join("")}`;
    const field = path.filter((p) => !p.startsWith("$")).join(".");
    const operator = path.at(-1)?.startsWith("$") ? path.at(-1) : undefined;
    if (isRecord(node) && operator === undefined) {
      const keys = Object.keys(node);
      if (keys.length === 0) throw invalid(parameter, "expected a field or an operator");
      for (const key of keys) walk(node[key], [...path, key]);
      return;
    }
    // Operators before fields: filters[$or][0][title]=x (Strapi's logical operators, which we
    // do not offer) is an unsupported operator, not a field named "".
    if (operator !== undefined && !(FILTER_OPERATORS as readonly string[]).includes(operator)) {
      throw invalid(parameter, `unsupported operator "${operator}" (supported: ${FILTER_OPERATORS.join(", ")})`);
    }
    if (isRecord(node)) {
      const inner = Object.keys(node)[0] ?? "";
      throw invalid(`${parameter}[${inner}]`, `the value of ${operator} cannot have parts`);
    }
    if (!Object.hasOwn(fields, field)) {
      const known = Object.keys(fields).join(", ") || "none";
      throw invalid(parameter, `cannot filter on "${field}" (this endpoint filters on: ${known})`);
    }
    const op = (operator ?? "$eq") as FilterOperator;
    const values = stringList(node);
    const multiple = op === "$in" || op === "$notIn";
    if (!values || (!multiple && values.length !== 1)) {
      throw invalid(parameter, multiple ? "expected one or more values" : "expected one value");
    }
    filters.push({ field, operator: op, values });
  };
  if (!isRecord(raw)) throw invalid("filters", "expected filters[field]=value or filters[field][$operator]=value");
  walk(raw, []);
  return filters;
}

function parseSort<E>(raw: unknown, fields: Record<string, QueryField<E>>): ParsedQuery["sort"] {
  if (raw === undefined) return [];
  const list = stringList(raw);
  if (!list) throw invalid("sort", 'expected "field", "field:asc" or "field:desc", or a list of them');
  return list
    .flatMap((s) => s.split(","))
    .map((item) => {
      const parsed = sortItem.safeParse(item.trim());
      if (!parsed.success) throw invalid("sort", `"${item}" is not "field", "field:asc" or "field:desc"`);
      const [field = "", direction = "asc"] = parsed.data.split(":");
      if (!Object.hasOwn(fields, field)) {
        throw invalid("sort", `cannot sort on "${field}" (this endpoint sorts on: ${Object.keys(fields).join(", ")})`);
      }
      return { field, descending: direction.toLowerCase() === "desc" };
    });
}

function parsePagination(raw: unknown): Pick<ParsedQuery, "page" | "pageSize" | "withCount"> {
  const result = { page: 1, pageSize: DEFAULT_PAGE_SIZE, withCount: true };
  if (raw === undefined) return result;
  if (!isRecord(raw)) throw invalid("pagination", "expected pagination[page] and pagination[pageSize]");
  for (const [key, value] of Object.entries(raw)) {
    const parameter = `pagination[${key}]`;
    if (key === "page" || key === "pageSize") {
      const parsed = wholeNumber.safeParse(value);
      if (!parsed.success) throw invalid(parameter, "expected a whole number of at least 1");
      result[key] = key === "pageSize" ? Math.min(parsed.data, MAX_PAGE_SIZE) : parsed.data;
    } else if (key === "withCount") {
      if (value !== "true" && value !== "false") throw invalid(parameter, 'expected "true" or "false"');
      result.withCount = value === "true";
    } else {
      throw invalid(parameter, "unknown pagination parameter (use page, pageSize and withCount)");
    }
  }
  return result;
}

/** Parses a URL's query string against what one endpoint allows. Throws ApiError (400). */
export function parseQuery<E>(url: URL, spec: QuerySpec<E>): ParsedQuery {
  let raw: Record<string, unknown>;
  try {
    raw = qs.parse(url.search.slice(1), {
      depth: MAX_QUERY_DEPTH,
      strictDepth: true,
      parameterLimit: MAX_QUERY_PARAMETERS,
      throwOnLimitExceeded: true,
    });
  } catch {
    throw new ApiError(400, "ValidationError", "The query string is malformed or too deep", { parameter: "" });
  }
  const isList = spec.filters !== undefined;
  const allowed = isList ? ["populate", "filters", "sort", "pagination"] : ["populate"];
  for (const key of Object.keys(raw)) {
    if (!allowed.includes(key)) {
      throw invalid(key, `unknown parameter (this endpoint accepts: ${allowed.join(", ")})`);
    }
  }
  return {
    populate: parsePopulate(raw.populate, spec.relations),
    filters: raw.filters === undefined || !spec.filters ? [] : parseFilters(raw.filters, spec.filters),
    sort: spec.sorts ? parseSort(raw.sort, spec.sorts) : [],
    ...parsePagination(raw.pagination),
  };
}

function matches<E>(entry: E, filter: Filter, field: QueryField<E>): boolean {
  const exact = field.normalize ?? ((s: string) => s);
  const folded = (s: string) => exact(s).toLowerCase();
  const values = field.values(entry).map(String);
  const wanted = filter.values;
  const some = (test: (value: string, want: string) => boolean) =>
    values.some((value) => wanted.some((want) => test(value, want)));
  switch (filter.operator) {
    case "$eq":
    case "$in":
      return some((v, w) => exact(v) === exact(w));
    case "$eqi":
      return some((v, w) => folded(v) === folded(w));
    case "$ne":
    case "$notIn":
      return !some((v, w) => exact(v) === exact(w));
    case "$contains":
      return some((v, w) => exact(v).includes(exact(w)));
    case "$containsi":
      return some((v, w) => folded(v).includes(folded(w)));
    case "$startsWith":
      return some((v, w) => exact(v).startsWith(exact(w)));
  }
}

function compare(a: Scalar | undefined, b: Scalar | undefined): number {
  if (typeof a === "number" && typeof b === "number") return a - b;
  return String(a ?? "").localeCompare(String(b ?? ""), "en");
}

export interface Page<E> {
  entries: E[];
  pagination: { page: number; pageSize: number; pageCount?: number; total?: number };
}

/** Filters, sorts and pages a list that is already in its default order. */
export function applyQuery<E>(all: E[], query: ParsedQuery, spec: QuerySpec<E>): Page<E> {
  const filtered = all.filter((entry) =>
    query.filters.every((f) => {
      const field = spec.filters?.[f.field];
      return field ? matches(entry, f, field) : false;
    }),
  );
  const sorted = query.sort.length
    ? filtered.toSorted((a, b) => {
        for (const { field, descending } of query.sort) {
          const read = spec.sorts?.[field];
          const order = read ? compare(read.values(a)[0], read.values(b)[0]) : 0;
          if (order !== 0) return descending ? -order : order;
        }
        return 0;
      })
    : filtered;
  const { page, pageSize } = query;
  const entries = sorted.slice((page - 1) * pageSize, page * pageSize);
  const pagination = query.withCount
    ? { page, pageSize, pageCount: Math.ceil(sorted.length / pageSize), total: sorted.length }
    : { page, pageSize };
  return { entries, pagination };
}
