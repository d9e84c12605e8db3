import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import { PUSH_STORE, PUSH_WORKER_PATHS, pushEndpoints } from '@velvet/contracts';
import { callLanguage } from '../../http/call-language';
import { requireOperator, route } from '../../http/endpoint';
import type { ModuleContext } from '../module';
import { broadcast, resubscribe, status, subscribe, unsubscribe, update, vapidKeys } from './service';

export const pushRoutes =
  (ctx: ModuleContext): FastifyPluginAsync =>
  async (app) => {
    route(app, pushEndpoints.key, async () => ({ data: { key: (await vapidKeys(ctx.db)).publicKey } }));
    route(app, pushEndpoints.subscribe, async ({ auth, body, request }) => ({
      data: await subscribe(ctx, auth.guestId, callLanguage(request), body),
    }));
    route(app, pushEndpoints.status, async ({ auth, params, request }) => ({
      data: await status(ctx, auth.guestId, callLanguage(request), params.payload),
    }));
    route(app, pushEndpoints.update, async ({ auth, params, query, request }) => ({
      data: await update(ctx, auth.guestId, callLanguage(request), params.payload, query),
    }));
    route(app, pushEndpoints.unsubscribe, async ({ params }) => ({ data: await unsubscribe(ctx, params.payload) }));
    route(app, pushEndpoints.resubscribe, async ({ params, body }) => ({
      data: await resubscribe(ctx, params.token, body),
    }));
    route(app, pushEndpoints.broadcast, async ({ auth, body }) => {
      requireOperator(auth);
      return { data: await broadcast(ctx, body) };
    });
  };

const WORKER_SOURCE = readFileSync(path.join(import.meta.dirname, 'service-worker.js'), 'utf8');
/** The worker script of a platform: the one source, told its platform and the browser store's names. */
export const pushWorkerScript = (platform: keyof typeof PUSH_WORKER_PATHS) =>
  `const PLATFORM = ${JSON.stringify(platform)};\nconst STORE = ${JSON.stringify(PUSH_STORE)};\n${WORKER_SOURCE}`;

/**
 * The service worker scripts at the site's root, so they may control scope `/`. `no-cache`: the browser checks for a new worker on every registration.
 */
export const pushWorkerRoutes = (): FastifyPluginAsync => async (app) => {
  for (const platform of ['desktop', 'mobile'] as const) {
    const script = pushWorkerScript(platform);
    app.get(PUSH_WORKER_PATHS[platform], { schema: { hide: true } }, async (_request, reply) =>
      reply
        .type('text/javascript; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('service-worker-allowed', '/')
        .send(script),
    );
  }
};
