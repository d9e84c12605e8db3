import assert from 'node:assert/strict';
import { after, before, describe, mock, test } from 'node:test';
import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { WebSocket } from 'ws';
import { z } from 'zod';
import {
  buildSchema,
  getNamedType,
  isEnumType,
  isInputObjectType,
  isLeafType,
  isListType,
  isNonNullType,
  type GraphQLField,
  type GraphQLInputType,
} from 'graphql';
import { ERROR_CODES, outgoingMessages, SOCKET_PATH, type ErrorCode } from '@velvet/contracts';
import { mergeContributions } from '../graphql';
import { MODULES } from '../modules';
import { guests } from '../modules/auth/schema';
import { createTestApp, type TestApp } from '../testing/app';

/**
 * Every documented REST route gets generated bad input: wrong types, huge strings, NUL and lone surrogates,
 * numbers outside every column's range, missing and extra fields, from a visitor without a token, an anonymous
 * token, a logged-in guest and an operator. Bad input is a 4xx with a code; any 5xx fails, naming the route and
 * fast-check's (shrunk) counterexample.
 */

interface JsonSchema {
  type?: string | string[];
  const?: unknown;
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
  { label: '2^31-1', value: 2 ** 31 - 1 },
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
  { label: '2^31-1', value: '2147483647' },
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
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const union = schema.anyOf ?? schema.oneOf;
  if (union) return fc.oneof(...union.map((option) => valid(option, name)));
  const [type] = typesOf(schema).filter((t) => t !== 'null');
  switch (type) {
    case 'string': {
      if (schema.format === 'email' || name === 'email')
        // New addresses too, so that sign-up gets past "taken" to the fields after it.
        return fc.oneof(
          fc.constant('guest@velvet.test'),
          fc.uuid().map((id) => `fuzz-${id}@example.com`),
        );
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

const OPERATOR_PASSWORD = 'fuzzing operator passphrase 4711';
let operatorEmail = '';

/**
 * A fresh session for every kind of caller. Fuzzing POST /auth/logout ends the session it is sent with, so the
 * routes after it get new ones; the operator logs in from an address of its own, which the fuzzed failed logins
 * of 127.0.0.1 do not throttle.
 */
async function openSessions(): Promise<void> {
  tokens.anonymous = await t.anonymousToken();
  tokens.guest = (await t.signup()).accessToken;
  const login = await t.app.inject({
    method: 'POST',
    url: '/rest/v1/auth/login',
    remoteAddress: '192.0.2.250',
    payload: { email: operatorEmail, password: OPERATOR_PASSWORD },
  });
  assert.equal(login.statusCode, 200, login.body);
  tokens.operator = login.json<{ accessToken: string }>().accessToken;
}

before(async () => {
  t = await createTestApp({ seedScale: 0.01 });
  const { guest } = await t.signup({ password: OPERATOR_PASSWORD });
  await t.ctx.db.update(guests).set({ operator: true }).where(eq(guests.id, guest.id));
  operatorEmail = guest.email!;
  await openSessions();
});
after(() => t.close());

describe('what the database cannot hold is refused where it enters', () => {
  const refusal = async (request: InjectOptions) => {
    const response = await t.app.inject(request);
    return { statusCode: response.statusCode, ...response.json<{ code?: string; message?: string }>() };
  };

  test('ids beyond PostgreSQL integer are 400 VALIDATION_FAILED; the largest one is merely not found', async () => {
    for (const id of ['2147483648', '9007199254740991', '0x7fffffffff', '1e308', '-1']) {
      const answer = await refusal({ url: `/rest/v1/video/${id}` });
      assert.equal(answer.statusCode, 400, id);
      assert.equal(answer.code, 'VALIDATION_FAILED');
    }
    assert.equal((await refusal({ url: '/rest/v1/video/2147483647' })).code, 'NOT_FOUND');
    const body = await refusal({
      method: 'POST',
      url: '/rest/v1/gallery/recordView',
      headers: { authorization: `Bearer ${tokens.guest}` },
      payload: { albumId: 2 ** 31 },
    });
    assert.deepEqual([body.statusCode, body.code], [400, 'VALIDATION_FAILED']);
  });

  test('NUL and lone surrogates in path, query and body are 400 VALIDATION_FAILED with a clear message', async () => {
    const answers = [
      await refusal({ url: '/rest/v1/actor/getActorDataByIdOrName/a%00b' }),
      await refusal({ url: '/rest/v1/actors/list/cams?category=a%00b' }),
      await refusal({ method: 'POST', url: '/rest/v1/auth/login', payload: { email: 'a\u0000@x.de', password: 'x' } }),
      await refusal({
        method: 'POST',
        url: '/rest/v1/auth/signup',
        payload: { email: 'new@example.com', password: 'correct horse battery', name: 'Eve \ud800' },
      }),
    ];
    for (const answer of answers) {
      assert.equal(answer.statusCode, 400);
      assert.equal(answer.code, 'VALIDATION_FAILED');
      assert.match(answer.message!, /must not contain NUL or unpaired surrogate characters/);
    }
    // A lone surrogate cannot be UTF-8 in a URL: the router refuses its escape, in the same shape.
    const url = await refusal({ url: '/rest/v1/actor/getActorDataByIdOrName/a%ED%A0%80b' });
    assert.deepEqual([url.statusCode, url.code], [400, 'VALIDATION_FAILED']);
  });

  test('the routes outside the OpenAPI document (clip stream, live playlist) refuse the same', async () => {
    const headers = { authorization: `Bearer ${tokens.guest}` };
    for (const url of [
      '/rest/v1/video/2147483648/stream',
      '/live/2147483648/index.m3u8?chat=x',
      '/live/1/index.m3u8?chat=a%00b',
    ]) {
      const answer = await refusal({ url, headers });
      assert.deepEqual([answer.statusCode, answer.code], [400, 'VALIDATION_FAILED'], url);
    }
  });

  test('GraphQL string literals and variables with NUL are refused before any resolver runs', async () => {
    const headers = { authorization: `Bearer ${tokens.guest}` };
    for (const payload of [
      { query: 'query { videos(searchPattern: "a\\u0000b") { __typename } }' },
      { query: 'query V($p: String) { videos(searchPattern: $p) { __typename } }', variables: { p: 'a\u0000b' } },
    ]) {
      const response = await t.app.inject({ method: 'POST', url: '/graphql', headers, payload });
      assert.equal(response.statusCode, 400, response.body);
      const [error] = response.json<{ errors: Array<{ message: string; extensions?: { code?: string } }> }>().errors;
      assert.equal(error?.extensions?.code, 'VALIDATION_FAILED');
      assert.match(error.message, /must not contain NUL/);
    }
  });
});

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
      if (route.url.endsWith('/auth/logout') || route.url.endsWith('/vxpay/logout')) await openSessions();
    }
    if (answers.size) console.log([...answers].sort().join('\n'));
    assert.deepEqual(
      failures,
      [],
      `${answers.size} inputs answered 5xx or an uncoded 4xx on ${failures.length} routes`,
    );
  });
});

/** A value of a GraphQL input type that (probably) passes, so that one bad argument is what a resolver meets. */
function validArgument(type: GraphQLInputType): fc.Arbitrary<unknown> {
  if (isNonNullType(type)) return validArgument(type.ofType);
  if (isListType(type)) return fc.array(validArgument(type.ofType), { maxLength: 2 });
  if (isEnumType(type)) return fc.constantFrom(...type.getValues().map((value) => value.name));
  if (isInputObjectType(type)) {
    const fields = Object.values(type.getFields());
    return fc.record(Object.fromEntries(fields.map((field) => [field.name, validArgument(field.type)])), {
      requiredKeys: fields.filter((field) => isNonNullType(field.type)).map((field) => field.name),
    });
  }
  switch (type.name) {
    case 'Int':
    case 'Float':
      return fc.integer({ min: 0, max: 60 });
    case 'Boolean':
      return fc.boolean();
    default:
      return fc.oneof(fc.constantFrom('1', '2', 'new', 'live'), fc.string({ maxLength: 8 }));
  }
}

/** Every place in an argument's type a bad value can go, with the bad values for its scalar. */
function argumentLeaves(type: GraphQLInputType, path: string[]): Array<{ path: string[]; bad: Bad[] }> {
  const named = getNamedType(type);
  if (isInputObjectType(named)) {
    return Object.values(named.getFields()).flatMap((field) => argumentLeaves(field.type, [...path, field.name]));
  }
  const text = named.name === 'String' || named.name === 'ID';
  const numeric = named.name === 'Int' || named.name === 'Float';
  const bad = text ? [...BAD_STRINGS, ...BAD_URL_VALUES.slice(BAD_STRINGS.length)] : numeric ? BAD_NUMBERS : [];
  return [{ path, bad: [...bad, ...WRONG_TYPES] }];
}

interface GraphqlTarget {
  path: string;
  operation: 'query' | 'mutation';
  field: GraphQLField<unknown, unknown>;
}

/** Each root field of both GraphQL endpoints, as the server builds their schemas from the modules. */
function graphqlTargets(): GraphqlTarget[] {
  return (
    [
      ['/graphql', 'graphql'],
      ['/feed/graphql', 'feedGraphql'],
    ] as const
  ).flatMap(([path, key]) => {
    const schema = buildSchema(mergeContributions(MODULES.flatMap((m) => (m[key] ? [m[key]] : []))).schema);
    return (['query', 'mutation'] as const).flatMap((operation) => {
      const root = operation === 'query' ? schema.getQueryType() : schema.getMutationType();
      return Object.values(root?.getFields() ?? {}).map((field) => ({ path, operation, field }));
    });
  });
}

/**
 * A refusal GraphQL-style: errors before execution (syntax, validation, variable coercion) carry no path; errors of
 * a resolver must carry a stable code. A resolver's error without one is a fault of the server (a failed query).
 */
function uncodedResolverError(body: string): string | null {
  const { errors } = JSON.parse(body) as {
    errors?: Array<{ message: string; path?: unknown; extensions?: { code?: unknown } }>;
  };
  const fault = errors?.find(
    (error) => error.path !== undefined && !(ERROR_CODES as readonly unknown[]).includes(error.extensions?.code),
  );
  return fault ? fault.message : null;
}

describe('every GraphQL field refuses bad arguments without a failure of its own', () => {
  test('fuzzed variables of every query and mutation from every kind of caller', async () => {
    const failures: string[] = [];
    const answers = new Set<string>();
    for (const { path, operation, field } of graphqlTargets()) {
      const variables = field.args.map((arg) => `$${arg.name}: ${arg.type.toString()}`).join(', ');
      const args = field.args.map((arg) => `${arg.name}: $${arg.name}`).join(', ');
      const selection = isLeafType(getNamedType(field.type)) ? '' : ' { __typename }';
      const query = `${operation} Fuzz${variables ? `(${variables})` : ''} { ${field.name}${args ? `(${args})` : ''}${selection} }`;
      const mutations = field.args.flatMap((arg) =>
        argumentLeaves(arg.type, [arg.name]).flatMap((leaf) =>
          leaf.bad.map((bad) => mutation({ where: 'body', path: leaf.path, ...bad })),
        ),
      );
      if (mutations.length === 0) mutations.push(mutation({ where: 'body', path: ['unknown'], ...BAD_STRINGS[0]! }));
      const input = fc.record({
        variables: fc.record(Object.fromEntries(field.args.map((arg) => [arg.name, validArgument(arg.type)]))),
        mutation: fc.constantFrom(...mutations),
        caller: fc.constantFrom<Caller>('nobody', 'anonymous', 'guest', 'operator'),
      });
      const property = fc.asyncProperty(input, async ({ variables, mutation: bad, caller }) => {
        const token = caller === 'nobody' ? undefined : tokens[caller];
        const response = await t.app.inject({
          method: 'POST',
          url: path,
          headers: token ? { authorization: `Bearer ${token}` } : {},
          payload: { query, variables: setAt(structuredClone(variables), bad.path, bad.value) },
        });
        const fault = response.statusCode >= 500 ? response.body : uncodedResolverError(response.body);
        if (fault) answers.add(`${response.statusCode} ${path} ${field.name} ${bad.path.join('.')} ${bad.label}`);
        return !fault;
      });
      const details = await fc.check(property, { numRuns: Math.max(mutations.length * 2, 20) });
      if (details.failed) failures.push(`${path} ${field.name}: ${fc.defaultReportMessage(details)}`);
    }
    if (answers.size) console.log([...answers].sort().join('\n'));
    assert.deepEqual(failures, [], `${answers.size} inputs failed in a resolver on ${failures.length} fields`);
  });
});

/** A raw client of the socket: sends any frame, and answers the next pong. */
async function rawSocket(token: string) {
  if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as { port: number };
  const socket = new WebSocket(`ws://127.0.0.1:${port}${SOCKET_PATH}`);
  const types: string[] = [];
  socket.on('message', (data) => types.push((JSON.parse(String(data)) as { type: string }).type));
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  const answered = (type: string) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        const index = types.indexOf(type);
        if (index < 0) return;
        types.splice(index, 1);
        socket.off('message', check).off('close', closed);
        resolve();
      };
      const closed = (code: number) => reject(new Error(`the socket closed (${code}) instead of answering ${type}`));
      // A server that stopped answering fails the test rather than holding it.
      setTimeout(() => reject(new Error(`no ${type} within 5 s`)), 5000).unref();
      socket.on('message', check).once('close', closed);
      check();
    });
  socket.send(JSON.stringify({ type: 'requestSession', language: 'en', accessToken: token }));
  await answered('ackSession');
  return {
    socket,
    /** A ping answered with a pong: the server still reads this socket. */
    roundTrip: async () => {
      const pong = answered('pong');
      socket.send(JSON.stringify({ type: 'ping' }));
      await pong;
    },
  };
}

const RAW_FRAMES: Bad[] = [
  { label: 'not JSON', value: 'not json' },
  { label: 'cut JSON', value: '{"type":"ping"' },
  { label: 'JSON null', value: 'null' },
  { label: 'JSON array', value: '[{"type":"ping"}]' },
  { label: 'NUL frame', value: '\u0000' },
  { label: 'lone surrogate frame', value: '\ud800' },
  { label: 'unknown type', value: '{"type":"\u0000"}' },
  { label: 'deep nesting', value: `${'['.repeat(5000)}${']'.repeat(5000)}` },
  { label: '60 KB string', value: JSON.stringify({ type: 'sendChatMessage', chatId: 'x', text: 'x'.repeat(60_000) }) },
];

describe('the socket refuses malformed messages and keeps answering', () => {
  test('fuzzed messages of every type, raw garbage and oversized frames', async () => {
    // A handler that failed on its input logs it (and the message went nowhere): none may.
    const logged = mock.method(t.app.log, 'error');
    // Each frame's handling as the hub runs it, so that a failure is told of the frame that caused it.
    const hub = t.ctx.hub as unknown as { receive: (...args: unknown[]) => Promise<void> };
    const receive = hub.receive;
    let handling: Promise<void> = Promise.resolve();
    let frameArrived = () => {};
    const handled = mock.method(hub, 'receive', function (this: unknown, ...args: unknown[]) {
      handling = receive.apply(this, args);
      frameArrived();
      return handling;
    });
    const answers = new Set<string>();
    const failures: string[] = [];
    const realClock = t.ctx.now;
    let clock = Date.now();
    t.ctx.now = () => new Date(clock);
    try {
      // Fuzzed routes end sessions (logout, the payment provider's logout): the socket gets fresh ones.
      await openSessions();
      const guest = await rawSocket(tokens.guest!);
      for (const [type, schema] of Object.entries(outgoingMessages)) {
        const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
        // Huge text stays within the frame limit here: a frame over it is tried on its own below.
        const mutations = leaves(json).flatMap((leaf) =>
          badFor(leaf.schema, false).map((bad) =>
            mutation({
              where: 'body',
              path: leaf.path,
              ...bad,
              value: bad.value === HUGE ? HUGE.slice(0, 60_000) : bad.value,
            }),
          ),
        );
        const property = fc.asyncProperty(valid(json), fc.constantFrom(...mutations), async (message, bad) => {
          const errorsBefore = logged.mock.callCount();
          // Each frame a second after the last, on the server's clock: the socket's message rate is not under test.
          clock += 1000;
          const arrived = new Promise<void>((resolve) => (frameArrived = resolve));
          guest.socket.send(
            JSON.stringify(setAt(structuredClone(message) as Record<string, unknown>, bad.path, bad.value)),
          );
          await arrived;
          await handling;
          const failed = logged.mock.callCount() > errorsBefore;
          if (failed) answers.add(`${type} ${bad.path.join('.')} ${bad.label}`);
          return !failed;
        });
        const details = await fc.check(property, { numRuns: Math.max(mutations.length, 20) });
        if (details.failed) failures.push(`${type}: ${fc.defaultReportMessage(details)}`);
        await guest.roundTrip();
      }
      for (const frame of RAW_FRAMES) {
        clock += 1000;
        guest.socket.send(String(frame.value));
        await guest.roundTrip();
      }
      guest.socket.send(Buffer.from([0, 1, 2]));
      await guest.roundTrip();
      guest.socket.close();

      // A frame over the payload limit closes only that socket; the next one is served as before.
      const oversized = await rawSocket(tokens.anonymous!);
      const closed = new Promise<number>((resolve) => oversized.socket.once('close', resolve));
      oversized.socket.send('x'.repeat(100 * 1024));
      assert.equal(await closed, 1009);
      const next = await rawSocket(tokens.operator!);
      await next.roundTrip();
      next.socket.close();
    } finally {
      t.ctx.now = realClock;
      logged.mock.restore();
      handled.mock.restore();
    }
    if (answers.size) console.log([...answers].sort().join('\n'));
    assert.deepEqual(failures, [], `${answers.size} messages failed in a handler on ${failures.length} types`);
  });
});
