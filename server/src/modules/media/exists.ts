import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { albums, videos } from './schema';

/** Whether a video or a picture album of this id is in the catalogue (other modules ask before keying by it). */
export async function mediaExists(db: Database, kind: 'video' | 'album', id: number): Promise<boolean> {
  const table = kind === 'video' ? videos : albums;
  const rows = await db.select({ id: table.id }).from(table).where(eq(table.id, id)).limit(1);
  return rows.length > 0;
}
