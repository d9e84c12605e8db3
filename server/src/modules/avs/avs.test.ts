import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  AVS_BONUS_HUNDREDTHS,
  AVS_SIGNATURE_HEADER,
  SANDBOX_AVS_IDENTITIES,
  SANDBOX_AVS_PENDING_SECONDS,
  avsQuery,
  requestAvsCheckoutMutation,
  type AuthResponse,
  type AvsCallbackBody,
  type AvsInfo,
  type ErrorBody,
} from '@velvet/contracts';
import { createTestApp, type TestApp } from '../../testing/app';
import { openSocketSession } from '../../testing/socket';
import { balanceOf } from '../wallet/service';
import { signCallback } from './provider';
import { avsProviders } from './index';
import { deliverDueSandboxCallbacks } from './service';

let t: TestApp;
let operatorToken: string;
const realNow = () => new Date();

before(async () => {
  t = await createTestApp();
  operatorToken = await t.operatorToken();
});
after(() => t.close());

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const graphql = (token: string, document: string, variables: object = {}) =>
  t.app.inject({ method: 'POST', url: '/graphql', headers: bearer(token), payload: { query: document, variables } });

async function checkout(token: string, forwardUrl = '/en/videos/1/') {
  const answer = await graphql(token, requestAvsCheckoutMutation.document, { forwardUrl });
  const body = answer.json<{ data: { requestAvsCheckout: { checkoutLink: string } } | null; errors?: unknown[] }>();
  return body;
}
async function checkoutLink(token: string): Promise<string> {
  const body = await checkout(token);
  assert.ok(body.data, JSON.stringify(body));
  assert.match(body.data.requestAvsCheckout.checkoutLink, /^\/rest\/v1\/avs\/sandbox\/checkout\/[0-9a-f-]{36}$/);
  return body.data.requestAvsCheckout.checkoutLink;
}
const submit = (token: string, link: string, identity: string) =>
  t.app.inject({ method: 'POST', url: link, headers: bearer(token), payload: { identity } });
const info = async (token: string) =>
  (await graphql(token, avsQuery.document)).json<{ data: { avs: AvsInfo } }>().data.avs;
const me = async (token: string) =>
  (await t.app.inject({ method: 'GET', url: '/rest/v1/auth/me', headers: bearer(token) })).json<AuthResponse>().guest;
const checkIdOf = (link: string) => link.split('/').pop()!;
const callback = (body: AvsCallbackBody, signature: string | undefined, provider = 'sandbox') =>
  t.app.inject({
    method: 'POST',
    url: `/rest/v1/avs/callback/${provider}`,
    headers: signature === undefined ? {} : { [AVS_SIGNATURE_HEADER]: signature },
    payload: body,
  });
const sandboxKeyed = (body: AvsCallbackBody, now = t.ctx.now()) => avsProviders(t.ctx).sandbox.sign(body, now);
/** A pending check whose decision the tests send themselves. */
async function pendingCheck() {
  const guest = await t.signup();
  const link = await checkoutLink(guest.accessToken);
  assert.equal((await submit(guest.accessToken, link, SANDBOX_AVS_IDENTITIES.pending)).statusCode, 200);
  return { guest, checkId: checkIdOf(link) };
}

describe('checkout', () => {
  test('needs a logged-in guest and a forward address on this site', async () => {
    const anonymous = await checkout(await t.anonymousToken());
    assert.equal(anonymous.data, null);
    assert.match(JSON.stringify(anonymous.errors), /LOGIN_REQUIRED/);
    const guest = await t.signup();
    for (const forwardUrl of ['https://elsewhere.example/', '//elsewhere.example/', 'videos']) {
      const answer = await checkout(guest.accessToken, forwardUrl);
      assert.match(JSON.stringify(answer.errors), /VALIDATION_FAILED/, forwardUrl);
    }
  });

  test('a check is the guest’s own: another guest’s submission finds none', async () => {
    const owner = await t.signup();
    const link = await checkoutLink(owner.accessToken);
    const other = await t.signup();
    const answer = await submit(other.accessToken, link, SANDBOX_AVS_IDENTITIES.accepted);
    assert.equal(answer.statusCode, 404);
    assert.equal(answer.json<ErrorBody>().code, 'AVS_CHECK_NOT_FOUND');
  });
});

describe('sandbox outcomes', () => {
  test('the accepted identity verifies at once, pushes avsSet, pays the bonus once', async () => {
    const guest = await t.signup();
    const socket = await openSocketSession(t.app, guest.accessToken);
    // the balance the session starts with, and the status bar's call to verify
    await socket.next('guestBalance');
    try {
      assert.deepEqual(await socket.next('statusBar'), {
        type: 'statusBar',
        statusBar: { type: 'noavs', data: {}, action: { flow: 'ageCheck' } },
      });
      assert.deepEqual(await info(guest.accessToken), {
        status: 'unknown',
        rejectMessage: null,
        bonusAvailable: true,
        bonusCoins: AVS_BONUS_HUNDREDTHS / 100,
      });
      const link = await checkoutLink(guest.accessToken);
      const answer = await submit(guest.accessToken, link, SANDBOX_AVS_IDENTITIES.accepted.toLowerCase());
      assert.equal(answer.statusCode, 200, answer.body);
      assert.deepEqual(answer.json(), { status: 'accepted', rejectMessage: null });
      await socket.next('avsSet');
      assert.deepEqual(await socket.next('statusBar'), {
        type: 'statusBar',
        statusBar: { type: 'avsAccepted', data: {}, action: null },
      });
      const balance = await socket.next('guestBalance');
      assert.equal((balance as { balance: number }).balance, AVS_BONUS_HUNDREDTHS / 100);
      const shown = await me(guest.accessToken);
      assert.equal(shown.avsStatus, 'accepted');
      assert.equal(shown.flags.avs, true);
      assert.equal((await info(guest.accessToken)).bonusAvailable, false);
      // the same checkout again, or a new one, is refused: nothing to verify
      assert.equal(
        (await submit(guest.accessToken, link, SANDBOX_AVS_IDENTITIES.accepted)).json<ErrorBody>().code,
        'AVS_CHECK_CLOSED',
      );
      assert.match(JSON.stringify((await checkout(guest.accessToken)).errors), /AVS_ALREADY_VERIFIED/);
    } finally {
      socket.close();
    }
  });

  test('the rejected identity is refused with the provider’s message in the guest’s language', async () => {
    const guest = await t.signup();
    await t.app.inject({
      method: 'POST',
      url: '/rest/v1/guest/profile/update',
      headers: bearer(guest.accessToken),
      payload: { properties: { preferences: { language: 'de' } } },
    });
    const socket = await openSocketSession(t.app, guest.accessToken);
    try {
      const answer = await submit(
        guest.accessToken,
        await checkoutLink(guest.accessToken),
        SANDBOX_AVS_IDENTITIES.rejected,
      );
      assert.equal(answer.statusCode, 200, answer.body);
      const result = answer.json<{ status: string; rejectMessage: string }>();
      assert.equal(result.status, 'rejected');
      assert.match(result.rejectMessage, /jünger als 18/);
      assert.deepEqual(await socket.next('avsRejected'), { type: 'avsRejected', message: result.rejectMessage });
      const shown = await me(guest.accessToken);
      assert.equal(shown.avsStatus, 'rejected');
      assert.equal(shown.avsRejectMessage, result.rejectMessage);
      assert.equal(shown.flags.avs, false);
      assert.equal((await info(guest.accessToken)).rejectMessage, result.rejectMessage);
      assert.equal(await balanceOf(t.ctx.db, guest.guest.id), 0);
    } finally {
      socket.close();
    }
  });

  test('an identity the sandbox does not know is rejected too', async () => {
    const guest = await t.signup();
    const answer = await submit(guest.accessToken, await checkoutLink(guest.accessToken), 'SOMEONE-ELSE');
    assert.equal(answer.json<{ status: string }>().status, 'rejected');
  });

  test('the pending identity waits, then the sandbox’s signed callback accepts it', async () => {
    const start = Date.parse('2026-06-01T10:00:00Z');
    t.ctx.now = () => new Date(start);
    try {
      const guest = await t.signup();
      const socket = await openSocketSession(t.app, guest.accessToken);
      try {
        const link = await checkoutLink(guest.accessToken);
        const answer = await submit(guest.accessToken, link, SANDBOX_AVS_IDENTITIES.pending);
        assert.deepEqual(answer.json(), { status: 'pending', rejectMessage: null });
        await socket.next('avsPending');
        assert.equal((await me(guest.accessToken)).avsStatus, 'pending');
        await socket.next('statusBar'); // noavs, at the session's start
        assert.deepEqual(await socket.next('statusBar'), {
          type: 'statusBar',
          statusBar: { type: 'avsStatus', data: {}, action: null },
        });
        // not yet due: nothing is delivered
        t.ctx.now = () => new Date(start + (SANDBOX_AVS_PENDING_SECONDS - 1) * 1000);
        assert.equal(await deliverDueSandboxCallbacks(t.ctx, avsProviders(t.ctx)), 0);
        t.ctx.now = () => new Date(start + SANDBOX_AVS_PENDING_SECONDS * 1000);
        assert.equal(await deliverDueSandboxCallbacks(t.ctx, avsProviders(t.ctx)), 1);
        await socket.next('avsSet');
        assert.equal((await me(guest.accessToken)).avsStatus, 'accepted');
        assert.equal((await socket.next('statusBar')).type === 'statusBar', true);
        // delivered once: the decided check is not due again
        assert.equal(await deliverDueSandboxCallbacks(t.ctx, avsProviders(t.ctx)), 0);
      } finally {
        socket.close();
      }
    } finally {
      t.ctx.now = realNow;
    }
  });
});

describe('callbacks', () => {
  test('a signed callback applies its decision once; the same event again is a replay', async () => {
    const { guest, checkId } = await pendingCheck();
    const body: AvsCallbackBody = {
      eventId: `evt_test_${checkId}`,
      checkId,
      decision: 'accepted',
      rejectMessage: null,
    };
    const first = await callback(body, sandboxKeyed(body));
    assert.equal(first.statusCode, 200, first.body);
    assert.equal((await me(guest.accessToken)).avsStatus, 'accepted');
    const replay = await callback(body, sandboxKeyed(body));
    assert.equal(replay.statusCode, 409);
    assert.equal(replay.json<ErrorBody>().code, 'AVS_CALLBACK_REPLAYED');
    // a new event for a decided check changes nothing either
    const late = { ...body, eventId: `evt_late_${checkId}`, decision: 'rejected' as const, rejectMessage: 'no' };
    const closed = await callback(late, sandboxKeyed(late));
    assert.equal(closed.json<ErrorBody>().code, 'AVS_CHECK_CLOSED');
    assert.equal((await me(guest.accessToken)).avsStatus, 'accepted');
  });

  test('forged, altered, unsigned, stale and unknown-provider callbacks are refused and change nothing', async () => {
    const { guest, checkId } = await pendingCheck();
    const body: AvsCallbackBody = {
      eventId: `evt_forged_${checkId}`,
      checkId,
      decision: 'accepted',
      rejectMessage: null,
    };
    const forgedKey = Buffer.alloc(32, 7);
    const attempts: Array<[string, Awaited<ReturnType<typeof callback>>]> = [
      ['another key', await callback(body, signCallback(forgedKey, body, t.ctx.now()))],
      ['altered body', await callback({ ...body, eventId: `${body.eventId}x` }, sandboxKeyed(body))],
      ['no signature', await callback(body, undefined)],
      ['garbage', await callback(body, 't=1,v1=00')],
      ['stale', await callback(body, sandboxKeyed(body, new Date(t.ctx.now().getTime() - 10 * 60_000)))],
      ['unknown provider', await callback(body, sandboxKeyed(body), 'acme')],
    ];
    for (const [what, answer] of attempts) {
      assert.equal(answer.statusCode, 401, what);
      assert.equal(answer.json<ErrorBody>().code, 'AVS_CALLBACK_INVALID', what);
    }
    assert.equal((await me(guest.accessToken)).avsStatus, 'pending');
    // the refused attempts did not use up the event: the genuine callback still applies
    assert.equal((await callback(body, sandboxKeyed(body))).statusCode, 200);
  });

  test('a callback for a check the provider never opened is unknown', async () => {
    const checkId = '00000000-0000-4000-8000-000000000000';
    const body: AvsCallbackBody = { eventId: 'evt_unknown_check', checkId, decision: 'accepted', rejectMessage: null };
    const answer = await callback(body, sandboxKeyed(body));
    assert.equal(answer.statusCode, 404);
    assert.equal(answer.json<ErrorBody>().code, 'AVS_CHECK_NOT_FOUND');
  });

  test('a signed rejection sets the message the provider sent', async () => {
    const { guest, checkId } = await pendingCheck();
    const body: AvsCallbackBody = {
      eventId: `evt_rej_${checkId}`,
      checkId,
      decision: 'rejected',
      rejectMessage: 'Blurry photo',
    };
    assert.equal((await callback(body, sandboxKeyed(body))).statusCode, 200);
    const shown = await me(guest.accessToken);
    assert.equal(shown.avsStatus, 'rejected');
    assert.equal(shown.avsRejectMessage, 'Blurry photo');
  });
});

describe('revoke', () => {
  test('operators only; the guest is back to unknown, hears avsRevoked and gets no second bonus', async () => {
    const guest = await t.signup();
    await submit(guest.accessToken, await checkoutLink(guest.accessToken), SANDBOX_AVS_IDENTITIES.accepted);
    const revokeUrl = `/rest/v1/avs/guests/${guest.guest.id}/revoke`;
    const byGuest = await t.app.inject({ method: 'POST', url: revokeUrl, headers: bearer(guest.accessToken) });
    assert.equal(byGuest.statusCode, 403);
    const socket = await openSocketSession(t.app, guest.accessToken);
    try {
      const revoked = await t.app.inject({ method: 'POST', url: revokeUrl, headers: bearer(operatorToken) });
      assert.equal(revoked.statusCode, 200, revoked.body);
      assert.deepEqual(revoked.json(), { guestId: guest.guest.id, avsStatus: 'unknown' });
      await socket.next('avsRevoked');
    } finally {
      socket.close();
    }
    const shown = await me(guest.accessToken);
    assert.equal(shown.avsStatus, 'unknown');
    assert.equal(shown.flags.avs, false);
    assert.equal((await info(guest.accessToken)).bonusAvailable, false);
    await submit(guest.accessToken, await checkoutLink(guest.accessToken), SANDBOX_AVS_IDENTITIES.accepted);
    assert.equal((await me(guest.accessToken)).avsStatus, 'accepted');
    assert.equal(await balanceOf(t.ctx.db, guest.guest.id), AVS_BONUS_HUNDREDTHS);

    const unknown = await t.app.inject({
      method: 'POST',
      url: '/rest/v1/avs/guests/00000000-0000-4000-8000-000000000000/revoke',
      headers: bearer(operatorToken),
    });
    assert.equal(unknown.statusCode, 404);
  });

  test('a revoke cancels a decision still on its way', async () => {
    const { guest, checkId } = await pendingCheck();
    await t.app.inject({
      method: 'POST',
      url: `/rest/v1/avs/guests/${guest.guest.id}/revoke`,
      headers: bearer(operatorToken),
    });
    const body: AvsCallbackBody = {
      eventId: `evt_after_${checkId}`,
      checkId,
      decision: 'accepted',
      rejectMessage: null,
    };
    assert.equal((await callback(body, sandboxKeyed(body))).json<ErrorBody>().code, 'AVS_CHECK_CLOSED');
    assert.equal((await me(guest.accessToken)).avsStatus, 'unknown');
  });

  test('operators find guests by name or e-mail with their status', async () => {
    const guest = await t.signup();
    const found = await t.app.inject({
      method: 'GET',
      url: `/rest/v1/avs/guests?search=${encodeURIComponent(guest.guest.email!.toUpperCase())}`,
      headers: bearer(operatorToken),
    });
    assert.equal(found.statusCode, 200, found.body);
    assert.deepEqual(found.json(), {
      guests: [{ id: guest.guest.id, name: guest.guest.name, email: guest.guest.email, avsStatus: 'unknown' }],
    });
    const byGuest = await t.app.inject({
      method: 'GET',
      url: '/rest/v1/avs/guests?search=ab',
      headers: bearer(guest.accessToken),
    });
    assert.equal(byGuest.statusCode, 403);
  });
});
