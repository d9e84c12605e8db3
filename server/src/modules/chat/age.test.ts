import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import {
  CHAT_EXIT_CODES,
  SANDBOX_AVS_IDENTITIES,
  chatSessionEndpoints,
  incomingMessages,
  requestAvsCheckoutMutation,
  type ChatSession,
} from '@velvet/contracts';
import { createTestApp, type TestApp } from '../../testing/app';
import { balanceOf } from '../wallet/service';
import { createPerformer } from '../performers/fixtures';
import { chatSessions } from './schema';
import { assertLedgerConsistent, chatGuest, errorCodeOf, type ChatGuest } from './session-fixtures';

/** Live chats with a performer whose cam is rated above the free rating of videos need the age verification. */

let t: TestApp;
let operatorToken: string;
before(async () => {
  t = await createTestApp();
  operatorToken = await t.operatorToken();
});
after(() => t.close());

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Verifies the guest's age the way a guest does: a checkout, the sandbox's accepted identity. */
async function verify(guest: ChatGuest): Promise<void> {
  const checkout = await t.app.inject({
    method: 'POST',
    url: '/graphql',
    headers: bearer(guest.token),
    payload: { query: requestAvsCheckoutMutation.document, variables: { forwardUrl: '/en/' } },
  });
  const link = checkout.json<{ data: { requestAvsCheckout: { checkoutLink: string } } }>().data.requestAvsCheckout
    .checkoutLink;
  const answer = await t.app.inject({
    method: 'POST',
    url: link,
    headers: bearer(guest.token),
    payload: { identity: SANDBOX_AVS_IDENTITIES.accepted },
  });
  assert.equal(answer.json<{ status: string }>().status, 'accepted', answer.body);
  await guest.socket.next('avsSet');
}

const revoke = (guestId: string) =>
  t.app.inject({ method: 'POST', url: `/rest/v1/avs/guests/${guestId}/revoke`, headers: bearer(operatorToken) });

async function started(guest: ChatGuest, actorId: number, type: ChatSession['chatType']): Promise<ChatSession> {
  const response = await guest.start(actorId, type);
  assert.equal(response.statusCode, 200, response.body);
  return chatSessionEndpoints.start.response.parse(response.json());
}

const runningChats = (guestId: string) =>
  t.ctx.db.select({ id: chatSessions.id }).from(chatSessions).where(eq(chatSessions.guestId, guestId));

describe('age-rated live chats', () => {
  it('refuse a guest who is not verified (403 AGE_CHECK_REQUIRED) before any coin is held, also a preview', async () => {
    const rated = await createPerformer(t.ctx.db, { ageRating: 18 });
    const guest = await chatGuest(t, { coins: 10_00 });
    for (const type of ['LIVECHAT', 'LIVE_PREVIEW'] as const) {
      const refused = await guest.start(rated.id, type);
      assert.equal(refused.statusCode, 403, type);
      assert.equal(errorCodeOf(refused), 'AGE_CHECK_REQUIRED', type);
    }
    const visitor = await chatGuest(t, { anonymous: true });
    const preview = await visitor.start(rated.id, 'LIVE_PREVIEW');
    assert.equal(preview.statusCode, 403);
    assert.equal(errorCodeOf(preview), 'AGE_CHECK_REQUIRED');
    assert.equal(await balanceOf(t.ctx.db, guest.id), 10_00);
    assert.deepEqual(await runningChats(guest.id), []);
    guest.socket.close();
    visitor.socket.close();
  });

  it('let every guest chat with a performer rated up to the free rating of videos', async () => {
    const free = await createPerformer(t.ctx.db, { ageRating: 16 });
    const guest = await chatGuest(t, { coins: 10_00 });
    const chat = await started(guest, free.id, 'LIVECHAT');
    await guest.post('/chat/stop', { chatId: chat.chatId });
    guest.socket.close();
  });

  it('let a verified guest in; an operator revoking the verification ends the chat with 601 at once', async () => {
    const rated = await createPerformer(t.ctx.db, { ageRating: 18 });
    const guest = await chatGuest(t, { coins: 10_00 });
    await verify(guest);
    const chat = await started(guest, rated.id, 'LIVECHAT');
    assert.equal(chat.pricePerMinute, rated.priceVideoChat);

    const revoked = await revoke(guest.id);
    assert.equal(revoked.statusCode, 200, revoked.body);
    const end = incomingMessages.chatEnd.parse(await guest.socket.next('chatEnd'));
    assert.equal(end.chatId, chat.chatId);
    assert.equal(end.exitCode, CHAT_EXIT_CODES.ageRatingDenied);
    const [row] = await t.ctx.db.select().from(chatSessions).where(eq(chatSessions.id, chat.chatId));
    assert.equal(row?.status, 'ended');
    assert.equal(row?.exitCode, 601);

    // no longer verified: the next start is refused
    const again = await guest.start(rated.id, 'LIVECHAT');
    assert.equal(errorCodeOf(again), 'AGE_CHECK_REQUIRED');
    await assertLedgerConsistent(t.ctx.db);
    guest.socket.close();
  });

  it('end a revoked guest’s preview as previewAgeRatingDenied and leave her chat with a free performer running', async () => {
    const rated = await createPerformer(t.ctx.db, { ageRating: 18 });
    const free = await createPerformer(t.ctx.db);
    const guest = await chatGuest(t, { coins: 10_00 });
    await verify(guest);
    const preview = await started(guest, rated.id, 'LIVE_PREVIEW');
    await revoke(guest.id);
    const end = incomingMessages.chatEnd.parse(await guest.socket.next('chatEnd'));
    assert.deepEqual([end.chatId, end.exitCode], [preview.chatId, CHAT_EXIT_CODES.previewAgeRatingDenied]);

    await verify(guest);
    const chat = await started(guest, free.id, 'LIVECHAT');
    await revoke(guest.id);
    await guest.socket.next('avsRevoked');
    await guest.socket.settled();
    assert.equal(guest.socket.received.filter((message) => message.type === 'chatEnd').length, 0);
    const [row] = await t.ctx.db.select().from(chatSessions).where(eq(chatSessions.id, chat.chatId));
    assert.equal(row?.status, 'active');
    await guest.post('/chat/stop', { chatId: chat.chatId });
    guest.socket.close();
  });
});
