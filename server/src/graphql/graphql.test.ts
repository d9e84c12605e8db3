import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import * as contracts from '@velvet/contracts';
import { MISSING_TOKEN_MESSAGE, type ErrorBody } from '@velvet/contracts';
import { createTestApp, type TestApp } from '../testing/app';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { mergeContributions } from '.';
import { GRAPHQL_LIMITS } from './limits';

let t: TestApp;
before(async () => {
  t = await createTestApp();
});
after(() => t.close());

const query = (url: string, token?: string, body: object = { query: '{ version }' }) =>
  t.app.inject({ method: 'POST', url, headers: token ? { authorization: `Bearer ${token}` } : {}, payload: body });

describe('structured query', () => {
  test('POST /graphql without a token is 401 UNAUTHORIZED', async () => {
    const response = await query('/graphql');
    assert.equal(response.statusCode, 401);
    assert.deepEqual(response.json<ErrorBody>(), {
      statusCode: 401,
      code: 'UNAUTHORIZED',
      message: MISSING_TOKEN_MESSAGE,
    });
  });

  test('POST /graphql with an invalid token is 401 TOKEN_INVALID', async () => {
    const response = await query('/graphql', 'not-a-token');
    assert.equal(response.statusCode, 401);
    assert.equal(response.json<ErrorBody>().code, 'TOKEN_INVALID');
  });

  test('POST /graphql answers with any valid token', async () => {
    assert.deepEqual((await query('/graphql', await t.anonymousToken())).json(), { data: { version: '1' } });
    assert.deepEqual((await query('/graphql', (await t.signup()).accessToken)).json(), { data: { version: '1' } });
  });

  test('a bad query is a GraphQL error, not a 5xx', async () => {
    const response = await query('/graphql', await t.anonymousToken(), { query: '{ noSuchField }' });
    assert.ok(response.statusCode < 500);
    assert.ok(response.json().errors.length > 0);
  });

  test('the feed service answers without a token', async () => {
    assert.deepEqual((await query('/feed/graphql')).json(), { data: { version: '1' } });
  });
});

describe('schema merging', () => {
  test('joins contributions, declares Mutation only when extended, merges resolvers per type', () => {
    const a = { schema: 'extend type Query { a: Int }', resolvers: { Query: { a: () => 1 } } };
    const b = {
      schema: 'extend type Query { b: Int }\nextend type Mutation { m: Int }',
      resolvers: { Query: { b: () => 2 }, Mutation: { m: () => 3 } },
    };
    assert.doesNotMatch(mergeContributions([a]).schema, /type Mutation/);
    const merged = mergeContributions([a, b]);
    assert.match(merged.schema, /^type Query \{ version: String! \}\ntype Mutation\n/);
    assert.deepEqual(Object.keys(merged.resolvers.Query as object).sort(), ['a', 'b', 'version']);
    assert.deepEqual(Object.keys(merged.resolvers.Mutation as object), ['m']);
  });
});

describe('limits: refused with 400 GRAPHQL_LIMIT before anything runs', () => {
  interface GraphqlAnswer {
    data?: unknown;
    errors?: Array<{ message: string; extensions?: { code?: string } }>;
  }
  const limitCodes = (body: GraphqlAnswer) => (body.errors ?? []).filter((e) => e.extensions?.code === 'GRAPHQL_LIMIT');
  const aliased = (count: number, field: string) =>
    `{ ${Array.from({ length: count }, (_, index) => `a${index}: ${field}`).join(' ')} }`;

  test('1,000 aliases of feed(first: 50) (36 KB) are refused at once while /alive stays fast', async () => {
    const source = aliased(1000, 'feed(first: 50) { totalCount nodes { id } }');
    assert.ok(source.length > 36_000, `${source.length} characters`);
    await query('/feed/graphql', undefined, { query: source }); // the first run of any code path is slow
    const started = performance.now();
    const [refused, alive] = await Promise.all([
      query('/feed/graphql', undefined, { query: source }).then((response) => ({
        response,
        ms: performance.now() - started,
      })),
      t.app.inject({ url: '/rest/v1/alive' }).then((response) => ({ response, ms: performance.now() - started })),
    ]);
    console.log(`1,000-alias feed query: ${refused.ms.toFixed(1)} ms, /alive meanwhile ${alive.ms.toFixed(1)} ms`);
    assert.equal(refused.response.statusCode, 400);
    assert.equal(limitCodes(refused.response.json<GraphqlAnswer>()).length, 1, refused.response.body);
    assert.equal(alive.response.statusCode, 200);
    assert.ok(refused.ms < 1000, 'refused without executing anything');
  });

  test('500 aliases of videos are refused, and so are a few aliases too many under the token limit', async () => {
    const token = await t.anonymousToken();
    const started = performance.now();
    const videos = await query('/graphql', token, { query: aliased(500, 'videos { total }') });
    console.log(`500-alias videos query: ${(performance.now() - started).toFixed(1)} ms, ${videos.body.length} bytes`);
    assert.equal(videos.statusCode, 400);
    assert.equal(limitCodes(videos.json<GraphqlAnswer>()).length, 1, videos.body);

    const eleven = await query('/graphql', token, { query: aliased(11, 'version') });
    assert.equal(eleven.statusCode, 400);
    assert.match(limitCodes(eleven.json<GraphqlAnswer>())[0]?.message ?? '', /aliases/i, eleven.body);
    const ten = await query('/graphql', token, { query: aliased(10, 'version') });
    assert.equal(ten.statusCode, 200, ten.body);
  });

  test('a query too costly (lists of lists) or too deep is refused', async () => {
    const costly = await query('/feed/graphql', undefined, {
      query: aliased(10, `feed(first: 50) { nodes { ${'id '.repeat(40)} } }`),
    });
    assert.equal(costly.statusCode, 400);
    assert.match(limitCodes(costly.json<GraphqlAnswer>())[0]?.message ?? '', /cost/i, costly.body);
    const nested = (depth: number): string => (depth === 0 ? 'name' : `ofType { ${nested(depth - 1)} }`);
    const deep = await query('/feed/graphql', undefined, { query: `{ __type(name: "Query") { ${nested(12)} } }` });
    assert.equal(deep.statusCode, 400);
    assert.match(limitCodes(deep.json<GraphqlAnswer>())[0]?.message ?? '', /depth/i, deep.body);
  });

  test('the same limits hold for a query sent in the URL', async () => {
    const response = await t.app.inject({
      url: `/feed/graphql?query=${encodeURIComponent(aliased(1000, 'version'))}`,
    });
    assert.equal(response.statusCode, 400);
    assert.equal(limitCodes(response.json<GraphqlAnswer>()).length, 1, response.body);
  });

  test('every operation the pages send passes the limits on the endpoint that answers it', async () => {
    const token = await t.anonymousToken();
    const operations = Object.values(contracts).flatMap((value) =>
      value && typeof value === 'object' ? ('document' in value ? [value] : Object.values(value)) : [],
    ) as Array<{ document?: unknown }>;
    const documents = operations.flatMap((operation) =>
      typeof operation?.document === 'string' ? [operation.document] : [],
    );
    assert.ok(documents.length >= 20, `${documents.length} operations`);
    for (const document of documents) {
      for (const url of ['/graphql', '/feed/graphql']) {
        const response = await query(url, token, { query: document });
        assert.deepEqual(limitCodes(response.json<GraphqlAnswer>()), [], `${url}: ${document.slice(0, 60)}`);
      }
    }
  });

  test('introspection is refused unless in development', async () => {
    const introspection = { query: '{ __schema { queryType { name } } }' };
    const refused = await query('/feed/graphql', undefined, introspection);
    assert.equal(refused.json<GraphqlAnswer>().data, null);
    assert.match(
      refused.json<GraphqlAnswer>().errors?.[0]?.message ?? '',
      /introspection has been disabled/,
      refused.body,
    );
    const development = await createTestApp({ config: { graphqlIntrospection: true } });
    try {
      const answered = await development.app.inject({ method: 'POST', url: '/feed/graphql', payload: introspection });
      assert.deepEqual(answered.json(), { data: { __schema: { queryType: { name: 'Query' } } } });
    } finally {
      await development.close();
    }
  });

  test('an answer larger than the cap is dropped for a GRAPHQL_LIMIT refusal', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'velvet-graphql-'));
    const big = {
      name: 'big',
      feedGraphql: {
        schema: 'extend type Query { text(length: Int!): String }',
        resolvers: { Query: { text: (_root: unknown, { length }: { length: number }) => 'x'.repeat(length) } },
      },
    };
    const velvet = await buildApp(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), { modules: [big] });
    try {
      const ask = (length: number) =>
        velvet.app.inject({ method: 'POST', url: '/feed/graphql', payload: { query: `{ text(length: ${length}) }` } });
      const fits = await ask(GRAPHQL_LIMITS.maxAnswerCharacters - 100);
      assert.equal(fits.statusCode, 200);
      const tooLarge = await ask(GRAPHQL_LIMITS.maxAnswerCharacters + 1);
      assert.equal(tooLarge.statusCode, 400);
      assert.equal(tooLarge.json<GraphqlAnswer>().data, null);
      assert.equal(limitCodes(tooLarge.json<GraphqlAnswer>()).length, 1, tooLarge.body);
    } finally {
      await velvet.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
