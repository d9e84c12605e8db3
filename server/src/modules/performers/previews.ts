import { asc, count, eq } from 'drizzle-orm';
import { ACTOR_AVATAR_SIZE, PROFILE_PREVIEW_SEDCARDS, type ActorImage, type ProfilePreview } from '@velvet/contracts';
import type { Database } from '../../db/database';
import type { AgeGate } from '../auth/age';
import { performerAvatar } from './age';
import { actors, actorSedcards } from './schema';
import { findActor, isNewActor, rating, type Viewer } from './service';

/** A performer's preview image: her avatar, through the caller's age gate as her tiles show it; 404 if unknown. */
export async function previewImage(
  db: Database,
  idOrName: string,
  gate: AgeGate,
): Promise<{ actorId: number; image: ActorImage }> {
  const row = await findActor(db, idOrName);
  return { actorId: row.id, image: { id: row.id, url: performerAvatar(gate, row), ...ACTOR_AVATAR_SIZE } };
}

/** The hover card of a performer tile: who she is, her rating, her chat's price and her first sedcards. */
export async function profilePreview(db: Database, actorId: number, viewer: Viewer): Promise<ProfilePreview> {
  const row = await findActor(db, String(actorId));
  const sedcards = await db
    .select()
    .from(actorSedcards)
    .where(eq(actorSedcards.actorId, row.id))
    .orderBy(asc(actorSedcards.position))
    .limit(PROFILE_PREVIEW_SEDCARDS);
  return {
    id: row.id,
    name: row.name,
    displayName: row.displayName,
    isOnline: row.isOnline,
    freeChat: row.freeChat,
    isNew: isNewActor(row, viewer.now),
    rating: rating(row),
    avatar: { id: row.id, url: performerAvatar(viewer.gate, row), ...ACTOR_AVATAR_SIZE },
    sedcards: sedcards.map(({ id, url, width, height }) => ({
      id,
      url: viewer.gate.image(url, row.ageRating),
      width,
      height,
    })),
    age: row.age,
    country: row.country,
    threeWords: row.threeWords,
    videoChatPrice: row.priceVideoChat,
  };
}

/** How many performers are on line now (DEMO_ALWAYS_ONLINE's among them: the schedule keeps the flag). */
export async function onlineAmount(db: Database): Promise<number> {
  const [row] = await db.select({ n: count() }).from(actors).where(eq(actors.isOnline, true));
  return row?.n ?? 0;
}
