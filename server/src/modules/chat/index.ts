import path from 'node:path';
import type { ServerModule } from '../module';
import { chatGraphql } from './graphql';
import { liveRoutes, prepareLiveLoops, seedLiveLoops } from './live';
import { seedTickets } from './seed-tickets';
import { chatSessionRoutes, chatSessionSocket } from './session-routes';
import {
  endAgeRatedChatsOfGuest,
  endChatsOfActors,
  endChatsOfStoppedServer,
  startBillingJob,
  startPresenceNotes,
  watchGuestsGone,
} from './sessions';
import { startShowJob } from './shows';
import { showTicketActorIds } from './tickets';

export const chatModule: ServerModule = {
  name: 'chat',
  migrationsFolder: path.join(import.meta.dirname, 'migrations'),
  routes: chatSessionRoutes,
  // Live video: playlists and segments are files, served beside /media/ rather than under /rest/v1.
  rootRoutes: liveRoutes,
  hooks: (ctx) => ({
    showTicketActorIds: (guestId) => showTicketActorIds(ctx.db, guestId, ctx.now()),
    performersOffline: (actorIds) => endChatsOfActors(ctx, actorIds),
    ageVerificationRevoked: (guestId) => endAgeRatedChatsOfGuest(ctx, guestId),
  }),
  prepare: async (ctx) => {
    // Chats running while other processes run on are theirs to bill (and take over when one dies).
    if (ctx.leases.startedAlone) await endChatsOfStoppedServer(ctx);
    await prepareLiveLoops(ctx);
  },
  graphql: chatGraphql,
  socket: (ctx) => {
    chatSessionSocket(ctx);
    watchGuestsGone(ctx);
  },
  seed: async (ctx, options) => {
    await seedTickets(ctx, options);
    await seedLiveLoops(ctx, options);
  },
  // The billing of running chats and the shows (under leases), and where this process's guests are.
  start: (ctx) => {
    const stops = [startBillingJob(ctx), startShowJob(ctx), startPresenceNotes(ctx)];
    return () => stops.forEach((stop) => stop());
  },
};
