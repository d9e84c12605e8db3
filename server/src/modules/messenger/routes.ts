import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  actorNoteEndpoints,
  clientMessageId,
  IDEMPOTENCY_KEY_HEADER,
  idParam,
  messengerEndpoints,
  MESSENGER_IMAGE_MAX_BYTES,
  RECOMMENDATIONS_PER_GRID,
  RECOMMENDATIONS_PER_SLIDER,
} from '@velvet/contracts';
import { HttpError, requireOperator, route } from '../../http/endpoint';
import { callLanguage } from '../../http/call-language';
import { readUpload } from '../../http/upload';
import { ageGate } from '../auth/age';
import type { ModuleContext } from '../module';
import { favoritePerformers } from '../performers/favorites';
import { findPerformer } from '../performers/catalogue';
import { recommendedPerformers } from '../performers/service';
import { idempotent } from '../wallet/idempotency';
import { buyGift } from './gifts';
import { actorNoteOf, addRelation, hasRelation, hiddenRecommendations, messengerActor, storeActorNote } from './notes';
import { MESSENGER_IMAGE_PATH, messengerImagesDir, storeImage, verifyImageUrl } from './images';
import { sendGuestMessage, setActorTerms } from './send';
import { imageOfChannel, keptConversation, openMedia, touchChannel } from './service';
import { buyToyControl, toyOf } from './toy';

/** A picture's client message id is its upload's Idempotency-Key: a retry of the upload stores and charges once. */
function pictureMessageId(request: FastifyRequest): string {
  const parsed = clientMessageId.safeParse(request.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()]);
  if (!parsed.success)
    throw new HttpError(
      400,
      'IDEMPOTENCY_KEY_MISSING',
      `A picture needs an ${IDEMPOTENCY_KEY_HEADER} header (8 to 100 letters, digits, - or _)`,
    );
  return parsed.data;
}

export const messengerRoutes =
  (ctx: ModuleContext): FastifyPluginAsync =>
  async (app) => {
    const { db } = ctx;
    await app.register(multipart);
    // A guest's hidden performers (her recommendationHidden relations) are left out of her recommendations.
    route(app, messengerEndpoints.recommendations, async ({ query, auth }) => {
      const count = query.useGrid ? RECOMMENDATIONS_PER_GRID : RECOMMENDATIONS_PER_SLIDER;
      const hidden = auth?.loggedIn ? await hiddenRecommendations(db, auth.guestId) : new Set<number>();
      const actors = await recommendedPerformers(
        db,
        await ageGate(ctx, auth),
        count + hidden.size,
        query.currentActorId,
      );
      return { actors: actors.filter((actor) => !hidden.has(actor.id)).slice(0, count) };
    });
    route(app, messengerEndpoints.channel, async ({ auth, params, query, request }) =>
      keptConversation(
        ctx,
        auth.guestId,
        await ageGate(ctx, auth),
        { channelId: params.channelId },
        query,
        callLanguage(request),
      ),
    );
    route(app, messengerEndpoints.channelByActor, async ({ auth, params, query, request }) =>
      keptConversation(
        ctx,
        auth.guestId,
        await ageGate(ctx, auth),
        { actorId: params.actorId },
        query,
        callLanguage(request),
      ),
    );
    route(app, messengerEndpoints.touchChannel, async ({ auth, body }) => ({
      channel: await touchChannel(db, auth.guestId, await ageGate(ctx, auth), body.actorId),
    }));
    route(app, actorNoteEndpoints.getActorNote, async ({ auth, params }) =>
      actorNoteOf(db, auth.guestId, params.actorId),
    );
    route(app, actorNoteEndpoints.storeActorNote, async ({ auth, body }) =>
      storeActorNote(db, auth.guestId, body.actorId, body.comment, ctx.now()),
    );
    route(app, actorNoteEndpoints.messengerActor, async ({ auth, params }) =>
      messengerActor(db, auth.guestId, await ageGate(ctx, auth), params.actorId),
    );
    route(app, actorNoteEndpoints.addRelation, async ({ auth, body }) => {
      await addRelation(db, auth.guestId, body, ctx.now());
      return { success: true as const };
    });
    route(app, actorNoteEndpoints.hasRelation, async ({ auth, body }) => ({
      hasRelation: await hasRelation(db, auth.guestId, body),
    }));
    route(app, messengerEndpoints.favorites, async ({ auth, query }) =>
      favoritePerformers(db, auth.guestId, await ageGate(ctx, auth), query.limit),
    );

    route(app, messengerEndpoints.sendImage, async ({ auth, params, request }) => {
      const id = pictureMessageId(request);
      const upload = await readUpload(request, MESSENGER_IMAGE_MAX_BYTES, 'picture');
      const imageFile = await storeImage(ctx.config.dataDir, upload);
      const result = await sendGuestMessage(ctx, auth, {
        channelId: params.channelId,
        clientMessageId: id,
        text: '',
        giftIds: [],
        imageFile,
        language: callLanguage(request),
      });
      // A repeated upload answers the stored message: this copy of the file is not needed; nor is a refused one.
      if (!result.sent || result.replayed)
        await rm(path.join(messengerImagesDir(ctx.config.dataDir), imageFile), { force: true });
      if (result.sent) {
        ctx.hub.sendToGuest(auth.guestId, { type: 'channel', channel: result.channel, message: result.message });
        return { channel: result.channel, message: result.message };
      }
      if (result.reason === 'insufficientFunds')
        throw new HttpError(402, 'INSUFFICIENT_FUNDS', 'Your balance does not cover this message');
      throw result.error;
    });

    route(app, messengerEndpoints.openMessage, async ({ auth, params, request }) =>
      idempotent(ctx, request, 'messenger.picture', async () => ({
        message: await openMedia(ctx, auth.guestId, params.messageId, callLanguage(request)),
      })),
    );

    route(app, messengerEndpoints.buyGift, async ({ auth, params, body, request }) =>
      idempotent(ctx, request, 'messenger.gift', (operationKey) =>
        buyGift(ctx, auth.guestId, params.giftId, body.count, operationKey),
      ),
    );

    route(app, messengerEndpoints.toy, async ({ auth, params }) => toyOf(db, auth.guestId, params.actorId));
    route(app, messengerEndpoints.buyToyControl, async ({ auth, params, body, request }) =>
      idempotent(ctx, request, 'messenger.toyControl', async (operationKey) =>
        buyToyControl(ctx, auth.guestId, await ageGate(ctx, auth), params.actorId, body.giftId, operationKey),
      ),
    );

    route(app, messengerEndpoints.actorTerms, async ({ auth, params, body }) => {
      requireOperator(auth);
      if (!(await findPerformer(db, params.actorId)))
        throw new HttpError(404, 'NOT_FOUND', `No performer ${params.actorId}`);
      return { channels: await setActorTerms(ctx, params.actorId, body) };
    });

    // A picture is a file, not JSON: served at an address signed for the guest of its conversation. The folder is
    // made before the first picture, as the file server checks its root when it starts.
    const imagesDir = messengerImagesDir(ctx.config.dataDir);
    await mkdir(imagesDir, { recursive: true });
    await app.register(fastifyStatic, { root: imagesDir, serve: false });
    app.get(
      MESSENGER_IMAGE_PATH.slice('/rest/v1'.length),
      { schema: { params: z.object({ messageId: idParam }), hide: true } },
      async (request, reply) => {
        const { messageId } = request.params as { messageId: number };
        const grant = verifyImageUrl(ctx.config.jwtSecret, messageId, request.query, ctx.now());
        const file = await imageOfChannel(db, grant.guestId, grant.channelId, messageId);
        return reply.header('cache-control', 'private, max-age=86400, immutable').sendFile(file);
      },
    );
  };
