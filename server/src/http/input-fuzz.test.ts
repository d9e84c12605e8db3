import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import { ERROR_CODES, type ErrorCode } from '@velvet/contracts';
import { createTestApp, type TestApp } from '../testing/app';
import { guests } from '../modules/auth/schema';

/**
 * Every documented REST route gets generated bad input: wrong types, huge strings, NUL and lone surrogates,
 * numbers outside every column's range, missing and extra fields, from a visitor without a token, an anonymous
 * token, a logged-in guest and an operator. Bad input is a 4xx with a code; any 5xx fails, naming the route and
 * fast-check's (shrunk) counterexample.
 */

interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  additionalProperties?: boolean | JsonSchema;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  pattern?: string;
  format?: string;
  nullable?: boolean;
}

interface Operation {
  parameters?: Array<{ in: 'path' | 'query' | 'header'; name: string; required?: boolean; schema: JsonSchema }>;
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}

type Location = 'params' | 'query' | 'body';
type Bad = { label: string; value: unknown };

const HUGE = 'x'.repeat(100 * 1024);
const BAD_STRINGS: Bad[] = [
  { label: 'NUL', value: 'a\u0000b' },
  { label: 'only NUL', value: '\u0000' },
  { label: 'lone high surrogate', value: 'a\ud800b' },
  { label: 'lone low surrogate', value: '\udfff' },
  { label: '100 KB string', value: HUGE },
  { label: 'empty string', value: '' },
];
const BAD_NUMBERS: Bad[] = [
  { label: '2^31', value: 2 ** 31 },
  { label: '2^53-1', value: Number.MAX_SAFE_INTEGER },
  { label: '2^53', value: 2 ** 53 },
  { label: '-1', value: -1 },
  { label: '-2^31-1', value: -(2 ** 31) - 1 },
  { label: '1e308', value: 1e308 },
  { label: '0.5', value: 0.5 },
];
const WRONG_TYPES: Bad[] = [
  { label: 'null', value: null },
  { label: 'true', value: true },
  { label: 'object', value: { '\u0000': 1 } },
  { label: 'array', value: ['\u0000', 2 ** 31] },
  { label: 'number string', value: '2147483648' },
  { label: 'number', value: 2 ** 40 },
];
/** What a URL can carry: everything is text there. */
const BAD_URL_VALUES: Bad[] = [
  ...BAD_STRINGS,
  { label: '2^31', value: '2147483648' },
  { label: '2^53', value: '9007199254740992' },
  { label: '2^53-1', value: '9007199254740991' },
  { label: '-1', value: '-1' },
  { label: 'NaN', value: 'NaN' },
  { label: '1e308', value: '1e308' },
  { label: 'Infinity', value: 'Infinity' },
  { label: 'hex', value: '0x7fffffffff' },
];

const typesOf = (schema: JsonSchema): string[] =>
  schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];

/** A value the schema (probably) accepts, so that the one bad field of an input is what the server meets. */
function valid(schema: JsonSchema | undefined, name = ''): fc.Arbitrary<unknown> {
  if (!schema) return fc.constant(undefined);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const union = schema.anyOf ?? schema.oneOf;
  if (union) return fc.oneof(...union.map((option) => valid(option, name)));
  const [type] = typesOf(schema).filter((t) => t !== 'null');
  switch (type) {
    case 'string': {
      if (schema.format === 'email' || name === 'email')
        return fc.constantFrom('fuzz@example.com', 'guest@velvet.test');
      if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => ok(schema, s));
      const min = schema.minLength ?? 0;
      const max = Math.max(min, Math.min(schema.maxLength ?? 12, 12));
      return fc.oneof(fc.string({ minLength: min, maxLength: max }), fc.constant('1'.padEnd(min, 'a').slice(0, max)));
    }
    case 'integer':
    case 'number': {
      const min = Math.max(schema.minimum ?? 0, 0);
      const max = Math.min(schema.maximum ?? 60, Math.max(min, 60));
      return fc.integer({ min: Math.ceil(min) + (min === 0 ? 1 : 0), max: Math.max(Math.ceil(min) + 1, max) });
    }
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(valid(schema.items ?? {}), {
        minLength: schema.minItems ?? 0,
        maxLength: (schema.minItems ?? 0) + 2,
      });
    case 'object':
    case undefined: {
      if (!schema.properties) return type ? fc.constant({}) : fc.constant('1');
      const required = new Set(schema.required ?? []);
      const fields = Object.fromEntries(
        Object.entries(schema.properties).map(([name, field]) => [
          name,
          required.has(name) ? valid(field, name) : fc.option(valid(field, name), { nil: undefined }),
        ]),
      );
      return fc.record(fields).map((value) => JSON.parse(JSON.stringify(value)) as unknown);
    }
    default:
      return fc.constant(null);
  }
}

const ok = (schema: JsonSchema, s: string) =>
  s.length >= (schema.minLength ?? 0) && s.length <= (schema.maxLength ?? Number.MAX_SAFE_INTEGER);

/** Every place in a schema a bad value can go: a path of property names (`0` for an array's items). */
function leaves(schema: JsonSchema, path: string[] = []): Array<{ path: string[]; schema: JsonSchema }> {
  const own = { path, schema };
  if (schema.properties) {
    return [
      ...(path.length ? [own] : []),
      ...Object.entries(schema.properties).flatMap(([name, field]) => leaves(field, [...path, name])),
    ];
  }
  if (schema.items && path.length < 6) return [own, ...leaves(schema.items, [...path, '0'])];
  return [own];
}

function badFor(schema: JsonSchema, inUrl: boolean): Bad[] {
  if (inUrl) return BAD_URL_VALUES;
  const types = typesOf(schema);
  const numeric = types.includes('integer') || types.includes('number');
  return [...(numeric ? BAD_NUMBERS : BAD_STRINGS), ...WRONG_TYPES, ...(numeric ? BAD_STRINGS.slice(0, 3) : [])];
}

function setAt(target: Record<string, unknown>, path: string[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path as [string, ...string[]];
  const container: Record<string, unknown> =
    typeof target === 'object' && target !== null
      ? target
      : head === '0'
        ? ([] as unknown as Record<string, unknown>)
        : {};
  container[head] = setAt(container[head] as Record<string, unknown>, rest, value);
  return container;
}

interface Mutation {
  where: Location;
  path: string[];
  label: string;
  value: unknown;
  /** Removes the field instead of setting it. */
  drop?: boolean;
}

/** A counterexample names the field and the kind of value, not its 100 KB. */
const mutation = (fields: Mutation): Mutation =>
  Object.assign(fields, {
    [fc.toStringMethod]: () => `${fields.where}.${fields.path.join('.') || '(whole)'} = ${fields.label}`,
  });

interface Route {
  method: string;
  url: string;
  schemas: Record<Location, JsonSchema | undefined>;
  mutations: Mutation[];
}

function routesOf(document: { paths: Record<string, Record<string, Operation>> }): Route[] {
  const routes: Route[] = [];
  for (const [url, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const objectOf = (where: 'path' | 'query'): JsonSchema | undefined => {
        const parameters = (operation.parameters ?? []).filter((p) => p.in === where);
        if (parameters.length === 0) return undefined;
        return {
          type: 'object',
          properties: Object.fromEntries(parameters.map((p) => [p.name, p.schema])),
          required: parameters.filter((p) => p.required).map((p) => p.name),
        };
      };
      const schemas: Record<Location, JsonSchema | undefined> = {
        params: objectOf('path'),
        query: objectOf('query'),
        body: operation.requestBody?.content['application/json']?.schema,
      };
      const mutations: Mutation[] = [];
      for (const where of ['params', 'query', 'body'] as const) {
        const schema = schemas[where];
        if (!schema) continue;
        for (const leaf of leaves(schema)) {
          for (const bad of badFor(leaf.schema, where !== 'body'))
            mutations.push(mutation({ where, path: leaf.path, ...bad }));
        }
        for (const name of where === 'params' ? [] : (schema.required ?? []))
          mutations.push(mutation({ where, path: [name], label: 'missing', value: undefined, drop: true }));
      }
      mutations.push(
        mutation({ where: 'query', path: ['unknownField'], label: 'extra field', value: 'a\u0000b' }),
        mutation({ where: 'body', path: ['unknownField'], label: 'extra field', value: { '\u0000': HUGE } }),
      );
      if (method !== 'get') {
        for (const bad of [...WRONG_TYPES, ...BAD_STRINGS])
          mutations.push(mutation({ where: 'body', path: [], ...bad }));
      }
      routes.push({ method: method.toUpperCase(), url, schemas, mutations });
    }
  }
  return routes;
}

/** URL-encodes text as a client would send it; a lone surrogate goes as the (invalid) UTF-8 of its code unit. */
function encodeUrlPart(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return Array.from(text, (char) => {
    const code = char.charCodeAt(0);
    if (char.length === 1 && code >= 0xd800 && code <= 0xdfff)
      return `%${(0xe0 | (code >> 12)).toString(16)}%${(0x80 | ((code >> 6) & 0x3f)).toString(16)}%${(0x80 | (code & 0x3f)).toString(16)}`;
    return encodeURIComponent(char);
  }).join('');
}

/** The stable code of a refusal, or null when the answer carries none of ERROR_CODES. */
function codeOf(body: string): ErrorCode | null {
  try {
    const { code } = JSON.parse(body) as { code?: unknown };
    return (ERROR_CODES as readonly unknown[]).includes(code) ? (code as ErrorCode) : null;
  } catch {
    return null;
  }
}

type Caller = 'nobody' | 'anonymous' | 'guest' | 'operator';

let t: TestApp;
const tokens: Partial<Record<Caller, string>> = {};

before(async () => {
  t = await createTestApp({ seedScale: 0.01 });
  tokens.anonymous = await t.anonymousToken();
  tokens.guest = (await t.signup()).accessToken;
  const password = 'fuzzing operator passphrase 4711';
  const { guest } = await t.signup({ password });
  await t.ctx.db.update(guests).set({ operator: true }).where(eq(guests.id, guest.id));
  const login = await t.app.inject({
    method: 'POST',
    url: '/rest/v1/auth/login',
    payload: { email: guest.email, password },
  });
  assert.equal(login.statusCode, 200, login.body);
  tokens.operator = login.json<{ accessToken: string }>().accessToken;
});
after(() => t.close());

describe('every REST route refuses bad input with a 4xx, never a 5xx', () => {
  test('fuzzed params, query and body from every kind of caller', async () => {
    const routes = routesOf(t.app.swagger() as { paths: Record<string, Record<string, Operation>> });
    assert.ok(routes.length > 50, `only ${routes.length} routes documented`);
    const failures: string[] = [];
    /** Each 5xx (or 4xx without a stable code): status, route, field and the kind of bad value. */
    const answers = new Set<string>();

    for (const route of routes) {
      const input = fc.record({
        params: valid(route.schemas.params),
        query: valid(route.schemas.query),
        body: valid(route.schemas.body),
        mutation: fc.constantFrom(...route.mutations),
        caller: fc.constantFrom<Caller>('nobody', 'anonymous', 'guest', 'operator', 'operator'),
      });
      const property = fc.asyncProperty(input, async ({ params, query, body, mutation, caller }) => {
        const parts: Record<Location, unknown> = { params, query, body };
        const base = (parts[mutation.where] ?? {}) as Record<string, unknown>;
        if (mutation.drop) {
          const copy = { ...base };
          delete copy[mutation.path[0]!];
          parts[mutation.where] = copy;
        } else {
          parts[mutation.where] = setAt(structuredClone(base), mutation.path, mutation.value);
        }
        const pathParams = (parts.params ?? {}) as Record<string, unknown>;
        const url = route.url.replace(/\{(\w+)\}/g, (_, name: string) => encodeUrlPart(pathParams[name] ?? '1'));
        const search = Object.entries((parts.query ?? {}) as Record<string, unknown>)
          .filter(([, value]) => value !== undefined)
          .map(([name, value]) => `${encodeURIComponent(name)}=${encodeUrlPart(value)}`)
          .join('&');
        const token = caller === 'nobody' ? undefined : tokens[caller];
        const response = await t.app.inject({
          method: route.method as 'GET',
          url: search ? `${url}?${search}` : url,
          headers: {
            ...(token ? { authorization: `Bearer ${token}` } : {}),
            ...(route.method !== 'GET'
              ? { 'content-type': 'application/json', 'idempotency-key': `fuzz-${Math.random()}` }
              : {}),
          },
          ...(route.method !== 'GET' && parts.body !== undefined ? { payload: JSON.stringify(parts.body) } : {}),
        });
        const refused = response.statusCode >= 400 && codeOf(response.body);
        if (response.statusCode >= 500 || refused === null) {
          answers.add(
            `${response.statusCode} ${route.method} ${route.url} ${mutation.where}.${mutation.path.join('.')} ${mutation.label}`,
          );
          return false;
        }
        return true;
      });
      const details = await fc.check(property, { numRuns: route.mutations.length * 2 });
      if (details.failed) failures.push(`${route.method} ${route.url}: ${fc.defaultReportMessage(details)}`);
    }
    if (answers.size) console.log([...answers].sort().join('\n'));
    assert.deepEqual(
      failures,
      [],
      `${answers.size} inputs answered 5xx or an uncoded 4xx on ${failures.length} routes`,
    );
  });
});
