import { and, eq } from 'drizzle-orm';
import type { ChatJournalEntry, ModuleContext } from '../module';
import { ageGate } from '../auth/age';
import { channels, messages } from './schema';
import { getChannel, messageView, toMessage, touchChannel, keptConversations } from './service';

/**
 * Writes a system message into the guest's conversation with the performer (opened on first contact) and pushes
 * it to her tabs: what it is about travels as its data, which her client words in her language. A system message
 * moves the conversation up the list but is not unread and does not replace its last message. A top-up names its
 * conversation by id: only the guest's own is written to. A failure is logged: the chat or top-up it notes stands.
 */
export async function writeJournal(ctx: ModuleContext, entry: ChatJournalEntry): Promise<void> {
  const { db } = ctx;
  try {
    const gate = await ageGate(ctx, { guestId: entry.guestId, loggedIn: true });
    const channelId =
      'channelId' in entry ? entry.channelId : (await touchChannel(db, entry.guestId, gate, entry.actorId)).id;
    const data: Record<string, string | number> = journalData(entry);
    const now = ctx.now();
    const stored = await db.transaction(async (tx) => {
      const [owned] = await tx
        .update(channels)
        .set({ messageTimestamp: now })
        .where(and(eq(channels.id, channelId), eq(channels.guestId, entry.guestId)))
        .returning({ id: channels.id });
      if (!owned) return null;
      const [row] = await tx
        .insert(messages)
        .values({ channelId, senderType: 'system', messageType: entry.type, text: '', created: now, data })
        .returning();
      keptConversations.forget(entry.guestId);
      return row!;
    });
    if (!stored) return;
    ctx.hub.sendToGuest(entry.guestId, {
      type: 'channel',
      channel: await getChannel(db, entry.guestId, gate, channelId),
      message: toMessage(stored, await messageView(ctx, entry.guestId, [stored])),
    });
  } catch (error) {
    ctx.log.warn({ err: error, entry: entry.type }, 'messenger journal not written');
  }
}

/** What a system message is about, as its client words it. */
function journalData(entry: ChatJournalEntry): Record<string, string | number> {
  switch (entry.type) {
    case 'chat_end':
      return { chatType: entry.chatType, durationSeconds: entry.durationSeconds, billedAmount: entry.billedAmount };
    case 'charge_success':
    case 'charge_failure':
      return { amount: entry.amount, coins: entry.coins };
    case 'chat_start':
    case 'voyeur_info':
      return { chatType: entry.chatType };
  }
}
