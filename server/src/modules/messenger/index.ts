import path from 'node:path';
import type { ServerModule } from '../module';
import { messengerGraphql } from './graphql';
import { writeJournal } from './journal';
import { messengerRoutes } from './routes';
import { startReplyJob } from './replies';
import { startToyJob } from './toy';
import { seedMessenger } from './seed';
import { messengerSocket } from './socket';

export const messengerModule: ServerModule = {
  name: 'messenger',
  migrationsFolder: path.join(import.meta.dirname, 'migrations'),
  graphql: messengerGraphql,
  routes: messengerRoutes,
  socket: messengerSocket,
  hooks: (ctx) => ({ chatJournal: (entry) => writeJournal(ctx, entry) }),
  seed: (ctx, { scale }) => seedMessenger(ctx, scale),
  // The performers' answers and their toys running toy controls (each under its lease).
  start: (ctx) => {
    const stops = [startReplyJob(ctx), startToyJob(ctx)];
    return () => stops.forEach((stop) => stop());
  },
};
