// The messenger section's part inside the bench's server process: guests with a conversation each, and the
// performers answering them all at once through the answering job's own code.
import { randomBytes } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import type { VelvetApp } from '../../../server/src/app';
import { ageGate } from '../../../server/src/modules/auth/age';
import { guests } from '../../../server/src/modules/auth/schema';
import { issue } from '../../../server/src/modules/auth/service';
import { answerDueReplies } from '../../../server/src/modules/messenger/replies';
import { channels } from '../../../server/src/modules/messenger/schema';
import { setActorTerms } from '../../../server/src/modules/messenger/send';
import { touchChannel } from '../../../server/src/modules/messenger/service';
import { listPerformerCards } from '../../../server/src/modules/performers/catalogue';
import type { MessengerGuest } from '../ipc';

/** The performers the bench's guests write to; writing to them is free, so money plays no part in the figures. */
const PERFORMERS = 20;
const benchChannels: number[] = [];

/**
 * `count` logged-in guests, made in the database (a password hash each would only measure argon2), each with a
 * session token and a conversation with one of the performers.
 */
export async function messengerGuests(velvet: VelvetApp, count: number): Promise<MessengerGuest[]> {
  const { ctx, app } = velvet;
  const performers = (await listPerformerCards(ctx.db)).slice(0, PERFORMERS);
  for (const performer of performers)
    await setActorTerms(ctx, performer.id, { messagePrice: 100, freeMessagesAmount: 0, isMessagingFree: true });
  const run = randomBytes(4).toString('hex');
  const rows = await ctx.db
    .insert(guests)
    .values(
      Array.from({ length: count }, (_, i) => ({
        name: `bench-${run}-${i}`,
        email: `bench-${run}-${i}@bench.test`,
        anonymous: false,
      })),
    )
    .returning();
  const made: MessengerGuest[] = [];
  for (const [i, row] of rows.entries()) {
    const { accessToken } = await issue(app, ctx, row, ctx.now());
    const gate = await ageGate(ctx, { guestId: row.id, loggedIn: true });
    const channel = await touchChannel(ctx.db, row.id, gate, performers[i % performers.length]!.id);
    benchChannels.push(channel.id);
    made.push({ token: accessToken, channelId: channel.id });
  }
  return made;
}

/** Every bench conversation is due an answer now; the answering job's passes run until none is left. */
export async function performersAnswer(velvet: VelvetApp): Promise<{ startedAt: number; answered: number }> {
  const { ctx } = velvet;
  await ctx.db.update(channels).set({ replyDueAt: ctx.now() }).where(inArray(channels.id, benchChannels));
  const startedAt = performance.timeOrigin + performance.now();
  let answered = 0;
  for (let pass = await answerDueReplies(ctx); pass > 0; pass = await answerDueReplies(ctx)) answered += pass;
  return { startedAt, answered };
}
