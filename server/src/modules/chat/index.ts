import path from 'node:path';
import type { ServerModule } from '../module';
import { favoritesSocket } from './favorites';
import { chatGraphql } from './graphql';
import { liveRoutes, prepareLiveLoops, seedLiveLoops } from './live';
import { chatRoutes } from './routes';
import { startChatJobs } from './schedule';
import { seedChat } from './seed';
import { seedOnlineSchedule } from './seed-schedule';
import { chatSessionRoutes, chatSessionSocket } from './session-routes';

export const chatModule: ServerModule = {
  name: 'chat',
  migrationsFolder: path.join(import.meta.dirname, 'migrations'),
  // One plugin per area of the domain: performers, actor search, live chats.
  routes: (ctx) => async (app) => {
    for (const area of [chatRoutes, chatSessionRoutes]) await app.register(area(ctx));
  },
  // Live video: playlists and segments are files, served beside /media/ rather than under /rest/v1.
  rootRoutes: liveRoutes,
  prepare: prepareLiveLoops,
  graphql: chatGraphql,
  socket: (ctx) => {
    favoritesSocket(ctx);
    chatSessionSocket(ctx);
  },
  seed: async (ctx, options) => {
    await seedChat(ctx, options);
    await seedOnlineSchedule(ctx.db);
    await seedLiveLoops(ctx, options);
  },
  // A living site (performers on and off line by their schedule) and the billing of running chats.
  start: startChatJobs,
};
