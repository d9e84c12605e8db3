import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { eq } from 'drizzle-orm';
import type { Channel, Conversation } from '@velvet/contracts';
import { ageGate } from '../auth/age';
import { actors } from '../performers/schema';
import type { TestApp } from '../../testing/app';
import { onEachDatabase } from '../../testing/databases';
import { openSocketSession } from '../../testing/socket';
import { channels, messages } from './schema';
import { CONVERSATIONS_CHANGED, markChannel } from './service';

function keptConversationPages(database: string, open: () => Promise<TestApp>, skip: string | false) {
  describe(`a guest's conversation pages kept in memory on ${database}`, { skip }, () => {
    let t: TestApp;
    before(async () => {
      t = await open();
    });
    after(() => t?.close());

    test('a kept page answers until her channel changes or another process announces a change', async (c) => {
      c.after(t.holdClock());
      const [performer] = await t.ctx.db.select({ id: actors.id }).from(actors).limit(1);
      const { accessToken, guest } = await t.signup();
      const touched = await t.rest('POST', '/messenger/channel/touch', accessToken, { actorId: performer!.id });
      const { channel } = touched.json<{ channel: Channel }>();
      const conversation = async () =>
        (await t.rest('GET', `/messenger/channel/${channel.id}`, accessToken)).json<Conversation>();
      const texts = async () => (await conversation()).messages.map((message) => message.text);

      assert.deepEqual(await texts(), []);
      // Written behind this process's back, as another server process writes a performer's answer.
      const [answer] = await t.ctx.db
        .insert(messages)
        .values({ channelId: channel.id, senderType: 'actor', messageType: 'text', text: 'hello from elsewhere' })
        .returning();
      await t.ctx.db
        .update(channels)
        .set({ lastMessageId: answer!.id, unreadCount: 1 })
        .where(eq(channels.id, channel.id));
      assert.deepEqual(await texts(), [], 'the kept page still answers');
      t.ctx.bus.publish(CONVERSATIONS_CHANGED, guest.id);
      assert.deepEqual(await texts(), ['hello from elsewhere'], "another process's announcement forgets it");

      const socket = await openSocketSession(t.app, accessToken);
      try {
        socket.send({
          type: 'sendMessage',
          channelId: channel.id,
          messageType: 'text',
          senderType: 'guest',
          isVideochat: false,
          isFreechat: false,
          data: { text: 'her answer' },
          includedGifts: [],
          chatId: null,
          clientMessageId: randomUUID(),
        });
        await socket.next('channel');
      } finally {
        socket.close();
      }
      assert.deepEqual(await texts(), ['hello from elsewhere', 'her answer'], 'her own message shows at once');

      const gate = await ageGate(t.ctx, { guestId: guest.id, loggedIn: true });
      await markChannel(t.ctx.db, guest.id, gate, channel.id, { archived: true });
      assert.equal((await conversation()).channel.archived, true, 'archiving shows at once');
    });
  });
}

await onEachDatabase(keptConversationPages, { seedScale: 0.02 });
