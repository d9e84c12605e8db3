import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { MISSING_TOKEN_MESSAGE, type ErrorBody } from '@velvet/contracts';
import { createTestApp, type TestApp } from '../testing/app';
import { mergeContributions } from '.';

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
