import { and, eq } from 'drizzle-orm';
import {
  RELATION_TYPES,
  type ActorNote,
  type MessengerActor,
  type RecommendedActor,
  type Relation,
} from '@velvet/contracts';
import type { Database } from '../../db/database';
import { HttpError } from '../../http/endpoint';
import type { AgeGate } from '../auth/age';
import { performerAvatar } from '../performers/age';
import { findPerformer, performerCards } from '../performers/catalogue';
import { actorNotes, actorTerms, channels, relations } from './schema';
import { DEFAULT_MESSAGE_PRICE, NEW_CHANNEL_FREE_MESSAGES } from './service';

async function requirePerformer(db: Database, actorId: number): Promise<void> {
  if (!(await findPerformer(db, actorId))) throw new HttpError(404, 'NOT_FOUND', `No performer ${actorId}`);
}

/** The guest's note on a performer; the note is hers alone, so another guest's is never read. */
export async function actorNoteOf(db: Database, guestId: string, actorId: number): Promise<ActorNote> {
  await requirePerformer(db, actorId);
  const [row] = await db
    .select()
    .from(actorNotes)
    .where(and(eq(actorNotes.guestId, guestId), eq(actorNotes.actorId, actorId)));
  return { actorId, comment: row?.comment ?? null, updatedAt: row?.updatedAt.toISOString() ?? null };
}

/** Stores the guest's note on a performer (an empty text deletes it). */
export async function storeActorNote(
  db: Database,
  guestId: string,
  actorId: number,
  comment: string,
  now: Date,
): Promise<ActorNote> {
  await requirePerformer(db, actorId);
  const mine = and(eq(actorNotes.guestId, guestId), eq(actorNotes.actorId, actorId));
  if (comment === '') {
    await db.delete(actorNotes).where(mine);
    return { actorId, comment: null, updatedAt: null };
  }
  await db
    .insert(actorNotes)
    .values({ guestId, actorId, comment, updatedAt: now })
    .onConflictDoUpdate({ target: [actorNotes.guestId, actorNotes.actorId], set: { comment, updatedAt: now } });
  return { actorId, comment, updatedAt: now.toISOString() };
}

/**
 * A relation names its subject: the calling guest is the only subject she may name (another guest's relations are
 * neither stored nor told, 403), and the performer must exist (404).
 */
async function checkRelation(db: Database, guestId: string, relation: Relation): Promise<void> {
  if (relation.subjectId !== guestId) throw new HttpError(403, 'FORBIDDEN', 'Only your own relations');
  await requirePerformer(db, relation.objectId);
}

export async function addRelation(db: Database, guestId: string, relation: Relation, now: Date): Promise<void> {
  await checkRelation(db, guestId, relation);
  await db
    .insert(relations)
    .values({ guestId, relationTypeId: relation.relationTypeId, actorId: relation.objectId, created: now })
    .onConflictDoNothing();
}

export async function hasRelation(db: Database, guestId: string, relation: Relation): Promise<boolean> {
  await checkRelation(db, guestId, relation);
  const [row] = await db
    .select({ actorId: relations.actorId })
    .from(relations)
    .where(
      and(
        eq(relations.guestId, guestId),
        eq(relations.relationTypeId, relation.relationTypeId),
        eq(relations.actorId, relation.objectId),
      ),
    );
  return row !== undefined;
}

/** Performers the guest asked not to be recommended. */
export async function hiddenRecommendations(db: Database, guestId: string): Promise<Set<number>> {
  const rows = await db
    .select({ actorId: relations.actorId })
    .from(relations)
    .where(and(eq(relations.guestId, guestId), eq(relations.relationTypeId, RELATION_TYPES.recommendationHidden)));
  return new Set(rows.map((row) => row.actorId));
}

/** A performer's messenger offer to the guest: her terms (her channel's when there is one) and that channel. */
export async function messengerActor(
  db: Database,
  guestId: string,
  gate: AgeGate,
  actorId: number,
): Promise<MessengerActor> {
  const card = (await performerCards(db, [actorId])).get(actorId);
  if (!card) throw new HttpError(404, 'NOT_FOUND', `No performer ${actorId}`);
  const [[terms], [channel]] = await Promise.all([
    db.select().from(actorTerms).where(eq(actorTerms.actorId, actorId)),
    db
      .select()
      .from(channels)
      .where(and(eq(channels.guestId, guestId), eq(channels.actorId, actorId))),
  ]);
  const actor: RecommendedActor = {
    id: card.id,
    name: card.name,
    displayName: card.displayName,
    age: card.age,
    avatarUrl: performerAvatar(gate, card),
    isOnline: card.isOnline,
  };
  return {
    actor,
    messagePrice: channel?.messagePrice ?? terms?.messagePrice ?? DEFAULT_MESSAGE_PRICE,
    freeMessagesAmount: channel?.freeMessagesAmount ?? terms?.freeMessagesAmount ?? NEW_CHANNEL_FREE_MESSAGES,
    isMessagingFree: channel?.isMessagingFree ?? terms?.isMessagingFree ?? false,
    channelId: channel?.id ?? null,
    blocked: channel?.blocked ?? false,
  };
}
