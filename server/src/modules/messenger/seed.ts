import { eq } from 'drizzle-orm';
import { TOY_CONTROL_GIFT_IDS, type TextInEveryLanguage } from '@velvet/contracts';
import type { Database } from '../../db/database';
import type { ModuleContext } from '../module';
import { ensureDemoGuest } from '../auth/demo-guest';
import { setFavorite } from '../performers/favorites';
import { listPerformerCards } from '../performers/catalogue';
import { ensureDemoMedia, MEDIA_OPEN_PRICES, storePerformerMedia } from './media';
import { actorTerms, boughtGifts, channels, gifts, messages } from './schema';

/** The gift catalogue: names in the four languages, price in hundredths of a coin; the last ones for VIPs only. */
const GIFTS: { names: TextInEveryLanguage; price: number; categoryId: number; vip?: boolean }[] = [
  { names: { de: 'Rose', en: 'Rose', nl: 'Roos', es: 'Rosa' }, price: 200, categoryId: 1 },
  { names: { de: 'Kuss', en: 'Kiss', nl: 'Kus', es: 'Beso' }, price: 300, categoryId: 1 },
  { names: { de: 'Herz', en: 'Heart', nl: 'Hart', es: 'Corazón' }, price: 500, categoryId: 1 },
  { names: { de: 'Sekt', en: 'Champagne', nl: 'Champagne', es: 'Champán' }, price: 1000, categoryId: 2 },
  { names: { de: 'Pralinen', en: 'Chocolates', nl: 'Bonbons', es: 'Bombones' }, price: 800, categoryId: 2 },
  { names: { de: 'Teddybär', en: 'Teddy bear', nl: 'Teddybeer', es: 'Osito' }, price: 1500, categoryId: 2 },
  { names: { de: 'Diamant', en: 'Diamond', nl: 'Diamant', es: 'Diamante' }, price: 5000, categoryId: 3, vip: true },
  { names: { de: 'Krone', en: 'Crown', nl: 'Kroon', es: 'Corona' }, price: 3000, categoryId: 3, vip: true },
];
/** The toy controls at their fixed gift ids, softest first; the strongest runs in random mode. */
const TOYS: { names: TextInEveryLanguage; price: number; duration: number; random: boolean }[] = [
  {
    names: { de: 'Toy sanft', en: 'Toy soft', nl: 'Toy zacht', es: 'Juguete suave' },
    price: 100,
    duration: 10,
    random: false,
  },
  {
    names: { de: 'Toy mittel', en: 'Toy medium', nl: 'Toy middel', es: 'Juguete medio' },
    price: 200,
    duration: 20,
    random: false,
  },
  {
    names: { de: 'Toy stark', en: 'Toy strong', nl: 'Toy sterk', es: 'Juguete fuerte' },
    price: 400,
    duration: 30,
    random: false,
  },
  {
    names: { de: 'Toy Zufall', en: 'Toy random', nl: 'Toy willekeurig', es: 'Juguete aleatorio' },
    price: 800,
    duration: 60,
    random: true,
  },
];
/** The category of the toy controls in the catalogue. */
const TOY_CATEGORY = 4;
const GIFT_IMAGE_SIZE = { width: 160, height: 160 };

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

/** The newest message of the first conversations brings media: a picture, a clip, an audio message. */
const INBOX_MEDIA = [
  { mediaType: 'bitmap', text: 'A little picture, just for you.' },
  { mediaType: 'video', text: 'I made this clip for you.' },
  { mediaType: 'audio', text: 'Listen to this!' },
] as const;

/**
 * The gift catalogue with its pictures, every performer's messaging terms (prices of 1 to 2.5 coins, every
 * fifth writes for free), the performers' demo clips and audio messages, and the demo guest's inbox and two
 * bought roses.
 */
export async function seedMessenger(ctx: ModuleContext, scale: number): Promise<void> {
  const { db } = ctx;
  const imageUrls = await Promise.all(
    GIFTS.map((gift, index) =>
      ctx.images.generate({
        key: `gifts/${gift.names.en.toLowerCase().replace(/ /g, '-')}`,
        ...GIFT_IMAGE_SIZE,
        title: gift.names.en,
        seed: 9000 + index,
      }),
    ),
  );
  const toyImages = await Promise.all(
    TOYS.map((toy, index) =>
      ctx.images.generate({
        key: `gifts/toy-${index + 1}`,
        ...GIFT_IMAGE_SIZE,
        title: toy.names.en,
        seed: 9100 + index,
      }),
    ),
  );
  await db
    .insert(gifts)
    .values(
      TOYS.map((toy, index) => ({
        id: TOY_CONTROL_GIFT_IDS[index]!,
        names: toy.names,
        price: toy.price,
        categoryId: TOY_CATEGORY,
        imageUrl: toyImages[index]!,
        sortOrder: GIFTS.length + index,
        toyDurationSeconds: toy.duration,
        toyRandom: toy.random,
      })),
    )
    .onConflictDoNothing();
  const storedGifts = await db
    .insert(gifts)
    .values(
      GIFTS.map((gift, index) => ({ ...gift, vip: gift.vip ?? false, imageUrl: imageUrls[index]!, sortOrder: index })),
    )
    .returning({ id: gifts.id });
  const performers = await listPerformerCards(db);
  if (performers.length > 0) {
    await db
      .insert(actorTerms)
      .values(
        performers.map((actor) => ({
          actorId: actor.id,
          messagePrice: 100 + (actor.id % 4) * 50,
          freeMessagesAmount: actor.id % 3 === 0 ? 0 : 3,
          isMessagingFree: actor.id % 5 === 0,
        })),
      )
      .onConflictDoNothing();
  }
  await ensureDemoMedia(ctx.config.dataDir);
  await seedInbox(db, ctx.config.dataDir, scale, ctx.now().getTime());
  const guestId = await ensureDemoGuest(db);
  await db.insert(boughtGifts).values({ guestId, giftId: storedGifts[0]!.id, count: 2 }).onConflictDoNothing();
}

/**
 * Gives the demo guest an inbox: conversations with the most popular performers, each with a short history,
 * some unread, one archived, the first with free messaging, every fourth with no free messages left; the first
 * three end with the performer's media (INBOX_MEDIA).
 */
async function seedInbox(db: Database, dataDir: string, scale: number, now: number): Promise<void> {
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
    const media = INBOX_MEDIA[index];
    const file = media && (await storePerformerMedia(dataDir, media.mediaType, index));
    const withMedia =
      media && file
        ? [
            ...rows,
            {
              channelId: channel.id,
              senderType: 'actor' as const,
              messageType: 'image_received',
              text: media.text,
              created: new Date(now - index * 7 * HOUR),
              imageFile: file.file,
              mediaType: media.mediaType,
              durationSeconds: file.durationSeconds,
              openPrice: MEDIA_OPEN_PRICES[media.mediaType],
            },
          ]
        : rows;
    const stored = await db
      .insert(messages)
      .values(withMedia)
      .returning({ id: messages.id, created: messages.created });
    const last = stored.at(-1)!;
    await db
      .update(channels)
      .set({ lastMessageId: last.id, messageTimestamp: last.created })
      .where(eq(channels.id, channel.id));
  }
}
