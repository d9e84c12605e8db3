import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { actorSearchEndpoints, type ErrorBody } from '@velvet/contracts';
import { createTestApp, type TestApp } from '../testing/app';

let t: TestApp;
let base: string;
before(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}/rest/v1`;
});
after(() => t.close());

/** No content type, or JSON: both are sent without a body by some client of the spec. */
const CONTENT_TYPES: Record<string, string>[] = [{}, { 'content-type': 'application/json' }];

/** A raw POST without a body: fetch sends content-length 0 and, unless told, no content type. */
const bare = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${base}${path}`, { method: 'POST', headers });

describe('POST without a body', () => {
  test("the search's init (optional qmdate) answers with or without a JSON content type", async () => {
    for (const headers of CONTENT_TYPES) {
      const response = await bare('/actorsearch/init', headers);
      assert.equal(response.status, 200, await response.clone().text());
      assert.equal(actorSearchEndpoints.init.response.parse(await response.json()).searchType, 'default');
    }
  });

  test('an endpoint whose body has required fields still refuses it with 400 VALIDATION_FAILED', async () => {
    for (const headers of CONTENT_TYPES) {
      const response = await bare('/auth/login', headers);
      assert.equal(response.status, 400);
      assert.equal(((await response.json()) as ErrorBody).code, 'VALIDATION_FAILED');
    }
  });

  test('a JSON body that is not empty is still read and checked', async () => {
    const response = await fetch(`${base}/actorsearch/init`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"qmdate": 5}',
    });
    assert.equal(response.status, 400);
    assert.equal(((await response.json()) as ErrorBody).code, 'VALIDATION_FAILED');
  });
});
