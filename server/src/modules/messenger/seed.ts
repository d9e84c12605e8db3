import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { ensureDemoGuest } from '../auth/demo-guest';
import { setFavorite } from '../performers/favorites';
import { listPerformerCards } from '../performers/catalogue';
import { channels, messages } from './schema';

const ACTOR_LINES = [
  'Hey, nice to see you here again!',
  'Thanks for the lovely message yesterday.',
  'I am online tonight from 9, come and say hi.',
  'Did you like my new video?',
  'I just uploaded a new photo album for you.',
  'Good morning! How was your weekend?',
];
const GUEST_LINES = [
  'Hi! Loved your last show.',
  'See you tonight then.',
  'Yes, the new video is great.',
  'What are you up to today?',
  'Thanks, have a nice day!',
];

const HOUR = 3_600_000;

/**
 * Gives the demo guest an inbox: conversations with the most popular performers, each with a short history,
 * some unread, one archived, the first with free messaging, every fourth with no free messages left.
 */
export async function seedMessenger(db: Database, scale: number, now: number): Promise<void> {
  const guestId = await ensureDemoGuest(db);
  const count = Math.max(1, Math.round(12 * scale));
  const partners = await listPerformerCards(db, count);
  // Favourites: every other conversation partner, pinned as a guest pins them (the performers' counts follow).
  for (const actor of partners.filter((_, index) => index % 2 === 0)) await setFavorite(db, guestId, actor.id, true);
  for (const [index, actor] of partners.entries()) {
    const length = 3 + (index % 5);
    const unread = index % 3 === 0 ? 1 + (index % 2) : 0;
    const [channel] = await db
      .insert(channels)
      .values({
        guestId,
        actorId: actor.id,
        archived: index === partners.length - 1 && partners.length > 2,
        isMessagingFree: index === 0,
        freeMessagesAmount: index % 4 === 3 ? 0 : 3,
        messagePrice: 100 + (index % 3) * 50,
        unreadCount: unread,
      })
      .onConflictDoNothing()
      .returning({ id: channels.id });
    if (!channel) continue;
    // The last `unread` messages come from the performer; before them the two sides take turns.
    const rows = Array.from({ length }, (_, n) => {
      const fromActor = n >= length - unread || n % 2 === 0;
      const lines = fromActor ? ACTOR_LINES : GUEST_LINES;
      return {
        channelId: channel.id,
        senderType: fromActor ? ('actor' as const) : ('guest' as const),
        messageType: 'text',
        text: lines[(index + n) % lines.length]!,
        created: new Date(now - (index * 7 + (length - n)) * HOUR),
      };
    });
    const stored = await db.insert(messages).values(rows).returning({ id: messages.id, created: messages.created });
    const last = stored.at(-1)!;
    await db
      .update(channels)
      .set({ lastMessageId: last.id, messageTimestamp: last.created })
      .where(eq(channels.id, channel.id));
  }
}
