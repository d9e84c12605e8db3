import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { performerCard } from '../performers/catalogue';
import { albums, videos } from './schema';

/** Whether a video or a picture album of this id is in the catalogue (other modules ask before keying by it). */
export async function mediaExists(db: Database, kind: 'video' | 'album', id: number): Promise<boolean> {
  const table = kind === 'video' ? videos : albums;
  const rows = await db.select({ id: table.id }).from(table).where(eq(table.id, id)).limit(1);
  return rows.length > 0;
}

/** A video's title and its performer's names, for other modules that name a video (a mail sharing it); or undefined. */
export async function videoTitleCard(
  db: Database,
  id: number,
): Promise<{ id: number; title: string; actorName: string; performer: string } | undefined> {
  const [row] = await db
    .select({ id: videos.id, title: videos.title, actorName: performerCard.name, performer: performerCard.displayName })
    .from(videos)
    .innerJoin(performerCard, eq(performerCard.id, videos.actorId))
    .where(eq(videos.id, id));
  return row;
}
