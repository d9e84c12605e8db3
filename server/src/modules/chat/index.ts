import path from 'node:path';
import type { ServerModule } from '../module';
import { seedChat } from './seed';

export const chatModule: ServerModule = {
  name: 'chat',
  migrationsFolder: path.join(import.meta.dirname, 'migrations'),
  seed: seedChat,
};
