import path from 'node:path';
import type { ServerModule } from '../module';
import { messengerRoutes } from './routes';
import { seedMessenger } from './seed';
import { messengerSocket } from './socket';

export const messengerModule: ServerModule = {
  name: 'messenger',
  migrationsFolder: path.join(import.meta.dirname, 'migrations'),
  routes: messengerRoutes,
  socket: messengerSocket,
  seed: ({ db }, { scale }) => seedMessenger(db, scale),
};
