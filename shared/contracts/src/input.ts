import { z } from 'zod';

/**
 * The primitives every input (REST params, query and body, socket messages, GraphQL variables) is built from, so
 * that nothing reaches the database that it cannot hold: whole numbers within PostgreSQL's `integer`, and text
 * without NUL (which PostgreSQL refuses) or lone UTF-16 surrogates (which are no Unicode at all).
 */

/** The range of PostgreSQL `integer` (int4, also `serial`): ids, counts, prices and limits are kept in it. */
export const DB_INT_MIN = -2_147_483_648;
export const DB_INT_MAX = 2_147_483_647;

/** A whole number of a JSON input within `min..max`, never outside the database's `integer`. */
export const dbInt = (min = DB_INT_MIN, max = DB_INT_MAX) =>
  z.number().int().min(Math.max(min, DB_INT_MIN)).max(Math.min(max, DB_INT_MAX));

/** The same read from a URL (path or query), where every value is text. */
export const dbIntParam = (min = DB_INT_MIN, max = DB_INT_MAX) =>
  z.coerce.number().int().min(Math.max(min, DB_INT_MIN)).max(Math.min(max, DB_INT_MAX));

/** A row id (a `serial` key) in a JSON input. */
export const dbId = dbInt(1);
/** A row id in a URL. */
export const idParam = dbIntParam(1);

/** A high surrogate not followed by a low one, or a low surrogate not preceded by a high one. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Whether a string is text the database can keep as it is: no NUL, no lone surrogate. */
export const isSafeText = (text: string): boolean => !text.includes('\u0000') && !LONE_SURROGATE.test(text);

/** Where in a parsed input (object keys included) the first string with NUL or a lone surrogate is, or null. */
export function unsafeTextPath(value: unknown, path: Array<string | number> = []): Array<string | number> | null {
  if (typeof value === 'string') return isSafeText(value) ? null : path;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = unsafeTextPath(item, [...path, index]);
      if (found) return found;
    }
    return null;
  }
  if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      const found = isSafeText(key) ? unsafeTextPath(item, [...path, key]) : [...path, key];
      if (found) return found;
    }
  }
  return null;
}

export const UNSAFE_TEXT_MESSAGE = 'must not contain NUL or unpaired surrogate characters';

/**
 * The schema with one more rule over everything it parsed: no string in it, at any depth, holds NUL or a lone
 * surrogate. Applied where input enters (each REST route, the socket), so no field can forget it.
 */
export const refuseUnsafeText = <T extends z.ZodType>(schema: T): T =>
  schema.superRefine((value, ctx) => {
    const path = unsafeTextPath(value);
    if (path) ctx.addIssue({ code: 'custom', path, message: UNSAFE_TEXT_MESSAGE });
  });
