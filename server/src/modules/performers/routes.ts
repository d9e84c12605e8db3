import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { DEFAULT_LANGUAGE, chatEndpoints, type Language } from '@velvet/contracts';
import { route } from '../../http/endpoint';
import { visitorCountry } from '../../http/visitor-cache';
import { ageGate } from '../auth/age';
import type { Auth, ModuleContext } from '../module';
import { favoritePerformerIds } from './favorites';
import * as previews from './previews';
import * as performers from './service';

export async function viewer(
  ctx: ModuleContext,
  request: FastifyRequest,
  auth: Auth | null,
  language: Language | undefined,
): Promise<performers.Viewer> {
  const guestId = auth?.loggedIn ? auth.guestId : null;
  const [tickets, chatVouchers, gate] = await Promise.all([
    guestId && ctx.hooks.showTicketActorIds ? ctx.hooks.showTicketActorIds(guestId) : [],
    guestId && ctx.hooks.voucherChatMinutes ? ctx.hooks.voucherChatMinutes(guestId) : [],
    ageGate(ctx, auth),
  ]);
  return {
    language: language ?? DEFAULT_LANGUAGE,
    country: visitorCountry(request),
    guestId,
    ticketActorIds: new Set(tickets),
    chatVouchers,
    now: ctx.now(),
    gate,
  };
}

export const performerRoutes =
  (ctx: ModuleContext): FastifyPluginAsync =>
  async (app) => {
    const shared = { visitorCache: ctx.visitorCache };
    route(
      app,
      chatEndpoints.actorList,
      async ({ params, query, auth, request }) =>
        performers.listPerformers(ctx.db, params.kind, query, await viewer(ctx, request, auth, query.language)),
      shared,
    );
    route(
      app,
      chatEndpoints.actorData,
      async ({ params, query, auth, request }) =>
        performers.performerProfile(ctx.db, params.actorIdOrName, await viewer(ctx, request, auth, query.language)),
      shared,
    );
    route(app, chatEndpoints.actorState, async ({ params, auth, request }) =>
      performers.performerState(ctx.db, params.actorId, await viewer(ctx, request, auth, undefined)),
    );
    route(
      app,
      chatEndpoints.categories,
      async ({ query }) => ({
        categories: await performers.listCategories(ctx.db, query.language ?? DEFAULT_LANGUAGE, ctx.now()),
      }),
      shared,
    );
    route(app, chatEndpoints.actorPreviewImage, async ({ params, auth }) =>
      previews.previewImage(ctx.db, params.actorIdOrName, await ageGate(ctx, auth)),
    );
    route(
      app,
      chatEndpoints.profilePreview,
      async ({ params, query, auth, request }) =>
        previews.profilePreview(ctx.db, params.actorId, await viewer(ctx, request, auth, query.language)),
      shared,
    );
    route(app, chatEndpoints.favoriteActors, async ({ auth }) => ({
      actorIds: await favoritePerformerIds(ctx.db, auth.guestId),
    }));
    route(app, chatEndpoints.onlineActorsAmount, async () => ({ amount: await previews.onlineAmount(ctx.db) }));
  };
