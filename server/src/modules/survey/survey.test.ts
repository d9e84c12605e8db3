import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  FEEDBACK_SURVEY_INTERVAL_MS,
  featureFeedbackIdsQuery,
  featureFeedbackMutation,
  type GraphqlOperation,
} from '@velvet/contracts';
import type { TestApp } from '../../testing/app';
import { onEachDatabase } from '../../testing/databases';
import { feedbackAnswers } from './schema';

const START = Date.parse('2026-05-04T10:00:00Z');
const answer = (overrides: object = {}) => ({
  currentUrl: 'http://localhost/en/',
  mobile: false,
  feedback: 'Lovely site',
  email: { email: 'fan@example.com' },
  rating: 4,
  ...overrides,
});

function surveyRules(name: string, open: () => Promise<TestApp>, skip: string | false) {
  describe(`surveys on ${name}`, { skip }, () => {
    let t: TestApp;
    before(async () => {
      t = await open();
      t.ctx.now = () => new Date(START);
    });
    after(() => t?.close());

    const graphql = async <R, V extends Record<string, unknown>>(
      op: GraphqlOperation<R, V>,
      variables: V,
      token: string,
    ) => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/graphql',
        headers: { authorization: `Bearer ${token}` },
        payload: { query: op.document, variables },
      });
      return response.json<{ data: R | null; errors?: { extensions?: { code?: string } }[] }>();
    };

    test('the feedback survey stores an answer, then refuses the next by its time limit until it is over', async () => {
      const visitor = await t.anonymousToken();
      assert.deepEqual((await t.rest('GET', '/survey/feedbackdata', visitor)).json(), { open: true, openFrom: null });
      const first = await t.rest('POST', '/survey/feedback', visitor, answer());
      assert.equal(first.statusCode, 200, first.body);
      assert.deepEqual(first.json(), { stored: true, timeLimit: false });
      const openFrom = new Date(START + FEEDBACK_SURVEY_INTERVAL_MS).toISOString();
      assert.deepEqual((await t.rest('GET', '/survey/feedbackdata', visitor)).json(), { open: false, openFrom });

      t.ctx.now = () => new Date(START + FEEDBACK_SURVEY_INTERVAL_MS - 1);
      assert.deepEqual((await t.rest('POST', '/survey/feedback', visitor, answer())).json(), {
        stored: false,
        timeLimit: true,
      });
      t.ctx.now = () => new Date(START + FEEDBACK_SURVEY_INTERVAL_MS);
      assert.deepEqual((await t.rest('GET', '/survey/feedbackdata', visitor)).json(), { open: true, openFrom: null });
      const again = await t.rest('POST', '/survey/feedback', visitor, answer({ email: null, rating: 2 }));
      assert.deepEqual(again.json(), { stored: true, timeLimit: false });
      const rows = await t.ctx.db.select().from(feedbackAnswers);
      assert.deepEqual(
        rows.map((row) => [row.rating, row.email, row.feedback, row.currentUrl]),
        [
          [4, 'fan@example.com', 'Lovely site', 'http://localhost/en/'],
          [2, null, 'Lovely site', 'http://localhost/en/'],
        ],
      );
      t.ctx.now = () => new Date(START);
    });

    test('answers sent at once store one', async () => {
      const visitor = await t.anonymousToken();
      const results = await Promise.all(
        Array.from({ length: 6 }, () => t.rest('POST', '/survey/feedback', visitor, answer())),
      );
      assert.deepEqual(results.map((result) => result.json<{ stored: boolean }>().stored).filter(Boolean), [true]);
    });

    test('bad input is a 4xx with its code', async () => {
      const visitor = await t.anonymousToken();
      const code = async (payload: object, token: string | null = visitor) => {
        const response = await t.rest('POST', '/survey/feedback', token ?? undefined, payload);
        return [response.statusCode, response.json<{ code: string }>().code];
      };
      assert.deepEqual(await code(answer({ rating: 6 })), [400, 'VALIDATION_FAILED']);
      assert.deepEqual(await code(answer({ rating: 0 })), [400, 'VALIDATION_FAILED']);
      assert.deepEqual(await code(answer({ feedback: '   ' })), [400, 'VALIDATION_FAILED']);
      assert.deepEqual(await code(answer({ email: { email: 'nope' } })), [400, 'VALIDATION_FAILED']);
      assert.deepEqual(await code({ rating: 3 }), [400, 'VALIDATION_FAILED']);
      assert.deepEqual(await code(answer(), null), [401, 'UNAUTHORIZED']);
      const data = await t.rest('GET', '/survey/feedbackdata');
      assert.deepEqual([data.statusCode, data.json<{ code: string }>().code], [401, 'UNAUTHORIZED']);
      const forged = await t.rest('GET', '/survey/feedbackdata', 'not-a-token');
      assert.equal(forged.statusCode, 401);
    });

    test('a guest rates a feature once; the ids she rated are hers', async () => {
      const { accessToken } = await t.signup();
      const rate = (featureId: string, rating = 5) =>
        graphql(
          featureFeedbackMutation,
          { featureId, rating, text: 'handy', url: 'http://localhost/en/' },
          accessToken,
        );
      assert.deepEqual((await graphql(featureFeedbackIdsQuery, {}, accessToken)).data, { featureFeedbackIds: [] });
      assert.deepEqual((await rate('globalSearch')).data, { featureFeedback: true });
      assert.deepEqual((await rate('globalSearch', 1)).data, { featureFeedback: false }, 'the first rating stays');
      assert.deepEqual((await rate('feed.comments')).data, { featureFeedback: true });
      assert.deepEqual((await graphql(featureFeedbackIdsQuery, {}, accessToken)).data, {
        featureFeedbackIds: ['feed.comments', 'globalSearch'],
      });
      const other = await t.signup();
      assert.deepEqual((await graphql(featureFeedbackIdsQuery, {}, other.accessToken)).data, {
        featureFeedbackIds: [],
      });

      const codeOf = (result: { errors?: { extensions?: { code?: string } }[] }) =>
        result.errors?.[0]?.extensions?.code;
      assert.equal(codeOf(await rate('bad id!')), 'VALIDATION_FAILED');
      assert.equal(codeOf(await rate('globalSearch', 9)), 'VALIDATION_FAILED');
      const visitor = await t.anonymousToken();
      const anonymous = await graphql(featureFeedbackMutation, { featureId: 'x', rating: 3, url: 'u' }, visitor);
      assert.equal(codeOf(anonymous), 'LOGIN_REQUIRED');
      assert.deepEqual((await graphql(featureFeedbackIdsQuery, {}, visitor)).data, { featureFeedbackIds: [] });
    });
  });
}

await onEachDatabase(surveyRules);
