import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { guests } from './schema';

/** The target of another module's foreign key to a guest: `.references(guestKey, { onDelete })`. */
export const guestKey = (): AnyPgColumn => guests.id;
