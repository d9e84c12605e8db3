import type { FastifyPluginAsync } from 'fastify';
import { chatSessionEndpoints } from '@velvet/contracts';
import { requireGuest, requireOperator, route } from '../../http/endpoint';
import type { ModuleContext } from '../module';
import { chargeOneClick, oneClickOffer } from '../wallet/one-click';
import { visitorCountry } from '../../http/visitor-cache';
import {
  activeChat,
  kickChat,
  refillRunningChat,
  sendGuestMessage,
  startChat,
  stopChat,
  storeChatExitSurvey,
} from './sessions';

/** Live chat sessions over REST: start, stop, the running chat, the operators' kick and the exit survey. */
export const chatSessionRoutes =
  (ctx: ModuleContext): FastifyPluginAsync =>
  async (app) => {
    route(app, chatSessionEndpoints.start, async ({ body, auth, request }) =>
      startChat(ctx, auth, { ...body, country: visitorCountry(request) }),
    );
    route(app, chatSessionEndpoints.stop, async ({ body, auth }) => {
      requireGuest(auth);
      return stopChat(ctx, auth.guestId, body.chatId);
    });
    route(app, chatSessionEndpoints.kick, async ({ body, auth }) => {
      requireOperator(auth);
      return kickChat(ctx, body.chatId);
    });
    route(app, chatSessionEndpoints.active, async ({ auth }) =>
      auth ? activeChat(ctx, auth.guestId) : { chat: null, messages: [] },
    );
    route(app, chatSessionEndpoints.chatExitSurvey, async ({ body, auth }) =>
      storeChatExitSurvey(ctx.db, auth.guestId, body),
    );
  };

/**
 * The chat's socket side (logged-in guests only, by the hub): text lines, and the in-chat one-click top-up whose
 * coins go straight into the running chat's hold so it goes on.
 */
export function chatSessionSocket(ctx: ModuleContext): void {
  ctx.hub.on('sendChatMessage', async (message, client) => {
    if (client.auth) await sendGuestMessage(ctx, client.auth.guestId, message.chatId, message.text);
  });
  ctx.hub.on('canOneClick', async (_message, client) => {
    if (!client.auth) return;
    client.send({ type: 'oneClick', ...(await oneClickOffer(ctx.db, client.auth.guestId)), result: null });
  });
  ctx.hub.on('chargeOneClick', async (message, client) => {
    if (!client.auth) return;
    const guestId = client.auth.guestId;
    const result = await chargeOneClick(ctx, guestId, message.amount, message.requestId);
    if (result.success) await refillRunningChat(ctx, guestId);
    // A top-up asked from a conversation is noted in it.
    if (message.channelId !== null)
      await ctx.hooks.chatJournal?.({
        type: result.success ? 'charge_success' : 'charge_failure',
        guestId,
        channelId: message.channelId,
        amount: message.amount,
        coins: result.coins,
      });
    ctx.hub.sendToGuest(guestId, { type: 'oneClick', ...(await oneClickOffer(ctx.db, guestId)), result });
  });
}
