import { and, count, desc, eq, ilike, inArray, isNotNull, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { MESSENGER_CONTENT_PAGE_SIZE, MESSENGER_MEDIA_TYPES, type MessengerContentItem } from '@velvet/contracts';
import { countedPage } from '../../db/page';
import { HttpError } from '../../http/endpoint';
import type { ModuleContext } from '../module';
import { performerCard } from '../performers/catalogue';
import { channels, messages } from './schema';
import { messageView, toMessage } from './service';

const MAX_FIRST = 50;

const contentArgs = z.object({
  first: z.number().int().min(1).max(MAX_FIRST).nullish(),
  offset: z.number().int().min(0).max(100_000).nullish(),
  filter: z
    .object({
      mediaTypes: z.array(z.enum(MESSENGER_MEDIA_TYPES)).nullish(),
      searchString: z.string().trim().max(100).nullish(),
    })
    .nullish(),
});

/** Escapes LIKE's wildcards, so a search for "50%" finds that text. */
const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The media of the guest's conversations, newest first (the spec's messenger content, first 10 by default): the
 * pictures she sent and the pictures, clips and audio messages her performers sent, filtered by media type and by a
 * part of the performer's name. Media still paid to open is listed without its address. A media type outside
 * MESSENGER_MEDIA_TYPES is 400 VALIDATION_FAILED.
 */
export async function messengerContent(
  ctx: Pick<ModuleContext, 'db' | 'config' | 'now'>,
  guestId: string,
  args: unknown,
): Promise<{ total: number; items: MessengerContentItem[] }> {
  const parsed = contentArgs.safeParse(args);
  if (!parsed.success) throw new HttpError(400, 'VALIDATION_FAILED', parsed.error.issues[0]?.message ?? 'bad input');
  const { first, offset, filter } = parsed.data;
  const conditions: SQL[] = [eq(channels.guestId, guestId), isNotNull(messages.imageFile)];
  if (filter?.mediaTypes?.length) conditions.push(inArray(messages.mediaType, filter.mediaTypes));
  if (filter?.searchString) conditions.push(ilike(performerCard.displayName, likeText(filter.searchString)));
  const where = and(...conditions);
  const page = await countedPage(
    ctx.db
      .select({ message: messages, actorId: channels.actorId, actorName: performerCard.displayName })
      .from(messages)
      .innerJoin(channels, eq(channels.id, messages.channelId))
      .innerJoin(performerCard, eq(performerCard.id, channels.actorId))
      .where(where)
      .orderBy(desc(messages.id))
      .$dynamic(),
    ctx.db
      .select({ total: count() })
      .from(messages)
      .innerJoin(channels, eq(channels.id, messages.channelId))
      .innerJoin(performerCard, eq(performerCard.id, channels.actorId))
      .where(where),
    { limit: first ?? MESSENGER_CONTENT_PAGE_SIZE, offset: offset ?? 0 },
  );
  const view = await messageView(
    ctx,
    guestId,
    page.items.map((item) => item.message),
  );
  return {
    total: page.total,
    items: page.items.map(({ message, actorId, actorName }) => {
      const shown = toMessage(message, view);
      return {
        messageId: shown.id,
        channelId: shown.channelId,
        actorId,
        actorName,
        mediaType: shown.mediaType ?? 'bitmap',
        senderType: shown.senderType,
        text: shown.text,
        url: shown.imageUrl,
        openPrice: shown.openPrice,
        durationSeconds: shown.durationSeconds,
        created: shown.created,
      };
    }),
  };
}
