import path from 'node:path';
import type { ServerModule } from '../module';
import { favoritesSocket } from './favorites';
import { chatGraphql } from './graphql';
import { liveRoutes, prepareLiveLoops, seedLiveLoops } from './live';
import { chatRoutes } from './routes';
import { startChatJobs } from './schedule';
import { searchRoutes } from './search-routes';
import { seedChat } from './seed';
import { ensureOnlineSchedule, seedOnlineSchedule } from './seed-schedule';
import { seedSearch } from './seed-search';
import { seedTickets } from './seed-tickets';
import { chatSessionRoutes, chatSessionSocket } from './session-routes';
import { endChatsOfStoppedServer, watchGuestsGone } from './sessions';
import { startShowJob } from './shows';

export const chatModule: ServerModule = {
  name: 'chat',
  migrationsFolder: path.join(import.meta.dirname, 'migrations'),
  // One plugin per area of the domain: performers, actor search, live chats.
  routes: (ctx) => async (app) => {
    for (const area of [chatRoutes, chatSessionRoutes, searchRoutes]) await app.register(area(ctx));
  },
  // Live video: playlists and segments are files, served beside /media/ rather than under /rest/v1.
  rootRoutes: liveRoutes,
  prepare: async (ctx) => {
    await endChatsOfStoppedServer(ctx);
    await prepareLiveLoops(ctx);
    await ensureOnlineSchedule(ctx.db);
  },
  graphql: chatGraphql,
  socket: (ctx) => {
    favoritesSocket(ctx);
    chatSessionSocket(ctx);
    watchGuestsGone(ctx);
  },
  seed: async (ctx, options) => {
    await seedChat(ctx, options);
    await seedOnlineSchedule(ctx.db);
    await seedSearch(ctx);
    await seedTickets(ctx, options);
    await seedLiveLoops(ctx, options);
  },
  // A living site (performers on and off line by their schedule), the billing of running chats and the shows.
  start: (ctx) => {
    const stops = [startChatJobs(ctx), startShowJob(ctx)];
    return () => stops.forEach((stop) => stop());
  },
};
