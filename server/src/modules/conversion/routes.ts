import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  DEFAULT_LANGUAGE,
  conversionEndpoints,
  teaserEndpoints,
  type IncentiveEvent,
  type Language,
} from '@velvet/contracts';
import { HttpError, requireOperator, route } from '../../http/endpoint';
import { namedTenant, tenantOfHost } from '../federation';
import { mediaExists } from '../media/exists';
import type { Auth, ModuleContext } from '../module';
import {
  closeIncentive,
  createIncentive,
  deleteIncentive,
  dueIncentives,
  hideIncentiveType,
  listIncentives,
  setGuestInfo,
  switchConversionChat,
} from './service';
import { createTeaser, deleteTeaser, listTeasers, pageTeasers } from './teasers';

/** Choices kept for a visitor need her token (an anonymous one will do): whose choice it is. */
function holder(auth: Auth | null): string {
  if (!auth) throw new HttpError(401, 'UNAUTHORIZED', 'An access token is required');
  return auth.guestId;
}

export const conversionRoutes =
  (ctx: ModuleContext): FastifyPluginAsync =>
  async (app) => {
    const due = async (
      request: FastifyRequest,
      auth: Auth | null,
      language: Language | undefined,
      event: IncentiveEvent,
      routeName?: string,
    ) => {
      const tenant = await tenantOfHost(ctx, request.hostname);
      const incentives = await dueIncentives(ctx.db, {
        tenantId: tenant.id,
        auth,
        language: language ?? DEFAULT_LANGUAGE,
        event,
        now: ctx.now(),
        ...(routeName === undefined ? {} : { routeName }),
      });
      return { data: { incentives } };
    };
    /** An incentive for a video or album the catalogue does not hold would offer nothing: 404. */
    const known = async (kind: 'video' | 'album', id: number) => {
      if (!(await mediaExists(ctx.db, kind, id))) throw new HttpError(404, 'NOT_FOUND', `No ${kind} ${id}`);
    };

    route(app, conversionEndpoints.pageLoad, ({ request, auth, query, body }) =>
      due(request, auth, query.language, 'pageLoad', body.routeName),
    );
    route(app, conversionEndpoints.byEvent, ({ request, auth, query }) =>
      due(request, auth, query.language, query.event),
    );
    route(app, conversionEndpoints.videoPreviewEnd, async ({ request, auth, query, params }) => {
      await known('video', params.albumId);
      return due(request, auth, query.language, 'videoPreviewEnd');
    });
    route(app, conversionEndpoints.buyImageAlbum, async ({ request, auth, query, params }) => {
      await known('album', params.albumId);
      return due(request, auth, query.language, 'buyImageAlbum');
    });
    route(app, conversionEndpoints.setGuestInfo, async ({ auth, body }) => ({
      data: await setGuestInfo(ctx.db, { guestId: holder(auth), ...body, now: ctx.now() }),
    }));
    route(app, conversionEndpoints.setRefillWindowHidden, async ({ auth, body }) => ({
      data: await hideIncentiveType(ctx.db, {
        guestId: holder(auth),
        incentiveType: body.incentiveType,
        days: body.interval,
        now: ctx.now(),
      }),
    }));
    route(app, conversionEndpoints.close, async ({ request, auth, body }) => {
      const tenant = await tenantOfHost(ctx, request.hostname);
      return {
        data: await closeIncentive(ctx.db, {
          tenantId: tenant.id,
          guestId: holder(auth),
          incentiveId: body.incentive.id,
          result: body.result,
          now: ctx.now(),
        }),
      };
    });
    route(app, conversionEndpoints.conversionChat, async ({ auth, body }) => {
      const data = await switchConversionChat(ctx.db, auth.guestId, body.action, ctx.now());
      // Every open tab of hers follows the switch, not only the next page load.
      ctx.hub.sendToGuest(auth.guestId, { type: 'conversionChat', countdownEnds: data.countdownEnds });
      return { data };
    });

    route(app, conversionEndpoints.operatorList, async ({ auth, query }) => {
      requireOperator(auth);
      return { data: await listIncentives(ctx.db, (await namedTenant(ctx, query.tenantId)).id) };
    });
    route(app, conversionEndpoints.operatorCreate, async ({ auth, body }) => {
      requireOperator(auth);
      await namedTenant(ctx, body.tenantId);
      return { data: await createIncentive(ctx.db, body, ctx.now()) };
    });
    route(app, conversionEndpoints.operatorDelete, async ({ auth, params }) => {
      requireOperator(auth);
      return { data: await deleteIncentive(ctx.db, params.incentiveId) };
    });

    route(app, teaserEndpoints.getTeasers, async ({ request, query, body }) => {
      const tenant = await tenantOfHost(ctx, request.hostname);
      const teasers = await pageTeasers(ctx.db, {
        tenantId: tenant.id,
        routeName: body.routeName,
        routeArgs: body.routeArgs,
        language: query.language ?? DEFAULT_LANGUAGE,
        now: ctx.now(),
      });
      return { data: { teasers } };
    });
    route(app, teaserEndpoints.operatorList, async ({ auth, query }) => {
      requireOperator(auth);
      return { data: await listTeasers(ctx.db, (await namedTenant(ctx, query.tenantId)).id) };
    });
    route(app, teaserEndpoints.operatorCreate, async ({ auth, body }) => {
      requireOperator(auth);
      await namedTenant(ctx, body.tenantId);
      return { data: await createTeaser(ctx.db, body, ctx.now()) };
    });
    route(app, teaserEndpoints.operatorDelete, async ({ auth, params }) => {
      requireOperator(auth);
      return { data: await deleteTeaser(ctx.db, params.teaserId) };
    });
  };
