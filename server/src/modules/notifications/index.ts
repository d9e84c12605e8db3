import path from 'node:path';
import type { ServerModule } from '../module';
import { notificationSocket } from './service';

/**
 * The notification centre: notifications other modules write from real events (a favourite on line, a
 * performer's message), the newest five for the navbar, read, seen and removal over the socket.
 */
export const notificationsModule: ServerModule = {
  name: 'notifications',
  migrationsFolder: path.join(import.meta.dirname, 'migrations'),
  socket: notificationSocket,
};
