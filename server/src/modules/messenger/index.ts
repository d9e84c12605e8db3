import path from 'node:path';
import type { ServerModule } from '../module';
import { messengerGraphql } from './graphql';
import { MEDIA_CLEANUP_MS, removeDeletedMedia } from './media';
import { writeJournal } from './journal';
import { messengerRoutes } from './routes';
import { startReplyJob } from './replies';
import { startToyJob } from './toy';
import { seedMessenger } from './seed';
import { keptConversations } from './service';
import { messengerSocket } from './socket';

export const messengerModule: ServerModule = {
  name: 'messenger',
  migrationsFolder: path.join(import.meta.dirname, 'migrations'),
  graphql: messengerGraphql,
  routes: messengerRoutes,
  socket: messengerSocket,
  prepare: async (ctx) => keptConversations.share(ctx.bus),
  hooks: (ctx) => ({ chatJournal: (entry) => writeJournal(ctx, entry) }),
  seed: (ctx, { scale }) => seedMessenger(ctx, scale),
  // The performers' answers, their toys running toy controls, and the removal of deleted messages' files (each
  // under its lease).
  start: (ctx) => {
    const stops = [
      startReplyJob(ctx),
      startToyJob(ctx),
      ctx.leases.repeat('messenger: files of deleted messages', MEDIA_CLEANUP_MS, () => removeDeletedMedia(ctx)),
    ];
    return () => stops.forEach((stop) => stop());
  },
};
