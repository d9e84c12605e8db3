import path from 'node:path';
import type { ServerModule } from '../module';
import { favoritesSocket } from './favorites';
import { chatGraphql } from './graphql';
import { chatRoutes } from './routes';
import { seedChat } from './seed';
import { switchRandomActor } from './service';

/** How often one demo performer goes on or off line. */
export const ONLINE_SWITCH_INTERVAL_MS = 4000;

export const chatModule: ServerModule = {
  name: 'chat',
  migrationsFolder: path.join(import.meta.dirname, 'migrations'),
  // One plugin per area of the domain: performers, actor search, live chats.
  routes: (ctx) => async (app) => {
    for (const area of [chatRoutes]) await app.register(area(ctx));
  },
  graphql: chatGraphql,
  socket: favoritesSocket,
  seed: seedChat,
  // A living site: every few seconds a demo performer comes on line or leaves, and every open page hears it.
  start: (ctx) => {
    const timer = setInterval(() => {
      switchRandomActor(ctx.db)
        .then((actor) => {
          if (!actor) return;
          ctx.hub.broadcast({
            type: actor.isOnline ? 'actorOnline' : 'actorOffline',
            actorId: actor.id,
            actorName: actor.name,
          });
        })
        .catch((error: unknown) => ctx.log.error({ err: error }, 'chat: switching a performer on or off line failed'));
    }, ONLINE_SWITCH_INTERVAL_MS);
    timer.unref();
    return () => clearInterval(timer);
  },
};
