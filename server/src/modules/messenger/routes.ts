import type { FastifyPluginAsync } from 'fastify';
import { messengerEndpoints, RECOMMENDATIONS_PER_GRID, RECOMMENDATIONS_PER_SLIDER } from '@velvet/contracts';
import { route } from '../../http/endpoint';
import { ageGate } from '../auth/age';
import type { ModuleContext } from '../module';
import { favoritePerformers } from '../performers/favorites';
import { recommendedPerformers } from '../performers/service';
import { openConversation, touchChannel } from './service';

export const messengerRoutes =
  (ctx: ModuleContext): FastifyPluginAsync =>
  async (app) => {
    const { db } = ctx;
    route(app, messengerEndpoints.recommendations, async ({ query, auth }) => ({
      actors: await recommendedPerformers(
        db,
        await ageGate(ctx, auth),
        query.useGrid ? RECOMMENDATIONS_PER_GRID : RECOMMENDATIONS_PER_SLIDER,
        query.currentActorId,
      ),
    }));
    route(app, messengerEndpoints.channel, async ({ auth, params, query }) =>
      openConversation(db, auth.guestId, await ageGate(ctx, auth), { channelId: params.channelId }, query, ctx.now()),
    );
    route(app, messengerEndpoints.channelByActor, async ({ auth, params, query }) =>
      openConversation(db, auth.guestId, await ageGate(ctx, auth), { actorId: params.actorId }, query, ctx.now()),
    );
    route(app, messengerEndpoints.touchChannel, async ({ auth, body }) => ({
      channel: await touchChannel(db, auth.guestId, await ageGate(ctx, auth), body.actorId),
    }));
    route(app, messengerEndpoints.favorites, async ({ auth, query }) =>
      favoritePerformers(db, auth.guestId, await ageGate(ctx, auth), query.limit),
    );
  };
