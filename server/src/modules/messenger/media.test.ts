import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { access, readdir } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, test, type TestContext } from 'node:test';
import { and, eq, sql } from 'drizzle-orm';
import {
  messengerContentQuery,
  type Conversation,
  type Message,
  type MessengerContentItem,
  type MessengerMediaType,
} from '@velvet/contracts';
import type { TestApp } from '../../testing/app';
import { onEachDatabase } from '../../testing/databases';
import { guests } from '../auth/schema';
import { listPerformerCards } from '../performers/catalogue';
import { newestNotifications } from '../notifications/service';
import { walletTransfers } from '../wallet/schema';
import { balanceOf, transfer } from '../wallet/service';
import { messengerImagesDir } from './images';
import { MEDIA_OPEN_PRICES, removeDeletedMedia } from './media';
import { answerDueReplies } from './replies';
import { channels, messages } from './schema';

type Content = { messengerContent: { total: number; items: MessengerContentItem[] } };

/** The performers' media on each database the server runs on. */
function performerMedia(database: string, open: () => Promise<TestApp>, skip: string | false) {
  describe(`performers' media in the messenger on ${database}`, { skip }, () => {
    let t: TestApp;
    let actorId: number;
    before(async () => {
      t = await open();
      actorId = (await listPerformerCards(t.ctx.db, 1))[0]!.id;
    });
    after(() => t?.close());

    const fund = (guestId: string, hundredths: number) =>
      transfer(t.ctx.db, {
        reason: 'test.fund',
        at: t.ctx.now(),
        legs: [
          { account: { kind: 'system', id: 'sandbox' }, amount: -hundredths },
          { account: { kind: 'guest', id: guestId }, amount: hundredths },
        ],
      });

    const openMessage = (token: string, messageId: number) =>
      t.app.inject({
        method: 'POST',
        url: `/rest/v1/messenger/message/${messageId}/open`,
        headers: { authorization: `Bearer ${token}`, 'idempotency-key': randomUUID() },
      });

    const content = async (token: string, variables: object) => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/graphql',
        headers: { authorization: `Bearer ${token}` },
        payload: { query: messengerContentQuery.document, variables },
      });
      return response;
    };
    const contentOf = async (token: string, variables: object) => {
      const response = await content(token, variables);
      assert.equal(response.statusCode, 200, response.body);
      return response.json<{ data: Content }>().data.messengerContent;
    };

    /** A guest (in `language`) with a conversation the performer has answered `answers` times. */
    async function answeredGuest(answers: number, language = 'en') {
      const guest = await t.signup();
      await t.ctx.db.update(guests).set({ language }).where(eq(guests.id, guest.guest.id));
      const touched = await t.rest('POST', '/messenger/channel/touch', guest.accessToken, { actorId });
      assert.equal(touched.statusCode, 200, touched.body);
      const channelId = touched.json<{ channel: { id: number } }>().channel.id;
      for (let n = 0; n < answers; n++) {
        // Her message's pause is over by the server clock: the performer answers in the next pass.
        await t.ctx.db
          .update(channels)
          .set({ replyDueAt: sql`now() - interval '1 second'` })
          .where(eq(channels.id, channelId));
        assert.ok((await answerDueReplies(t.ctx)) >= 1);
      }
      const conversation = await t.rest('GET', `/messenger/channel/${channelId}?limit=100`, guest.accessToken);
      assert.equal(conversation.statusCode, 200, conversation.body);
      return { guest, channelId, messages: conversation.json<Conversation>().messages };
    }

    const mediaOf = (list: Message[], mediaType: MessengerMediaType) => {
      const found = list.find((message) => message.mediaType === mediaType);
      assert.ok(found, `a ${mediaType} message among ${list.map((m) => m.mediaType).join()}`);
      return found;
    };

    test('a picture, a clip and an audio message in turn, each a file of its own served only to its guest', async () => {
      const { guest, messages: answered } = await answeredGuest(9, 'de');
      assert.deepEqual(
        answered.map((message) => message.mediaType),
        [null, null, 'bitmap', null, null, 'video', null, null, 'audio'],
      );
      const picture = mediaOf(answered, 'bitmap');
      const clip = mediaOf(answered, 'video');
      const audio = mediaOf(answered, 'audio');
      for (const message of [picture, clip, audio]) assert.equal(message.messageType, 'image_received');
      // Pictures and clips are paid to open; audio messages are free.
      assert.equal(picture.openPrice, MEDIA_OPEN_PRICES.bitmap);
      assert.equal(clip.openPrice, MEDIA_OPEN_PRICES.video);
      assert.equal(clip.imageUrl, null, 'no address before it is opened');
      assert.ok(clip.durationSeconds! > 0);
      assert.equal(audio.openPrice, 0);
      assert.ok(audio.durationSeconds! > 0);

      const played = await t.app.inject({ method: 'GET', url: audio.imageUrl! });
      assert.equal(played.statusCode, 200);
      assert.match(String(played.headers['content-type']), /^audio\/mp4/);
      assert.equal(played.rawPayload.subarray(4, 8).toString(), 'ftyp', 'an MP4 container');
      // Unsigned, or signed for another message, is refused.
      const unsigned = audio.imageUrl!.split('?')[0]!;
      assert.equal((await t.app.inject({ method: 'GET', url: unsigned })).statusCode, 403);
      const edited = audio.imageUrl!.replace(`/image/${audio.id}?`, `/image/${clip.id}?`);
      assert.equal((await t.app.inject({ method: 'GET', url: edited })).statusCode, 403);

      // Every message has its own file, in the conversations' folder.
      const files = await Promise.all(
        [picture, clip, audio].map(async (message) => {
          const [row] = await t.ctx.db
            .select({ file: messages.imageFile })
            .from(messages)
            .where(eq(messages.id, message.id));
          return row!.file!;
        }),
      );
      assert.equal(new Set(files).size, 3);
      assert.deepEqual(
        files.map((file) => path.extname(file)),
        ['.webp', '.mp4', '.m4a'],
      );

      // The notification says what came, in her language.
      const notified = await newestNotifications(t.ctx, guest.guest.id, 5);
      const actorName = (await listPerformerCards(t.ctx.db, 1))[0]!.displayName;
      const texts = notified.notifications.map((n) => n.text);
      assert.ok(texts.includes(`${actorName} hat dir eine Sprachnachricht geschickt`), texts.join(' | '));
      assert.ok(texts.includes(`${actorName} hat dir einen Clip geschickt`), texts.join(' | '));
    });

    test('a clip is opened once through the ledger, then plays with byte ranges and is listed as her content', async () => {
      const { guest, messages: answered } = await answeredGuest(6);
      const clip = mediaOf(answered, 'video');
      const stranger = await t.signup();
      await fund(stranger.guest.id, 10_000);
      assert.equal(
        (await openMessage(stranger.accessToken, clip.id)).statusCode,
        404,
        'another guest has no such media',
      );
      assert.equal(await balanceOf(t.ctx.db, stranger.guest.id), 10_000, 'and paid nothing');
      const short = await openMessage(guest.accessToken, clip.id);
      assert.equal(short.statusCode, 402);
      assert.equal(short.json<{ code: string }>().code, 'INSUFFICIENT_FUNDS');

      await fund(guest.guest.id, MEDIA_OPEN_PRICES.video);
      const opened = await openMessage(guest.accessToken, clip.id);
      assert.equal(opened.statusCode, 200, opened.body);
      const { message } = opened.json<{ message: Message }>();
      assert.equal(message.openPrice, 0);
      assert.equal(await balanceOf(t.ctx.db, guest.guest.id), 0);
      const range = await t.app.inject({ method: 'GET', url: message.imageUrl!, headers: { range: 'bytes=0-99' } });
      assert.equal(range.statusCode, 206);
      assert.match(String(range.headers['content-type']), /^video\/mp4/);
      assert.equal(range.rawPayload.length, 100);

      const videos = await contentOf(guest.accessToken, { filter: { mediaTypes: ['video'] } });
      assert.equal(videos.total, 1);
      assert.equal(videos.items[0]!.messageId, clip.id);
      assert.equal(videos.items[0]!.url, message.imageUrl);
      assert.equal(videos.items[0]!.durationSeconds, clip.durationSeconds);
      // The picture is listed too, still locked: no address, its price.
      const pictures = await contentOf(guest.accessToken, { filter: { mediaTypes: ['bitmap'] } });
      assert.equal(pictures.total, 1);
      assert.equal(pictures.items[0]!.url, null);
      assert.equal(pictures.items[0]!.openPrice, MEDIA_OPEN_PRICES.bitmap);
      assert.equal((await contentOf(guest.accessToken, { filter: { mediaTypes: ['audio'] } })).total, 0);
      assert.equal((await contentOf(guest.accessToken, {})).total, 2);
      assert.equal((await contentOf(stranger.accessToken, {})).total, 0, 'none of it is the stranger’s');

      // A media type outside the spec's three is a 400 that names it, and charges nothing.
      const wrong = await content(guest.accessToken, { filter: { mediaTypes: ['picture'] } });
      assert.equal(wrong.statusCode, 400);
      assert.match(wrong.body, /picture/);
    });

    test('20 opens at once with money for one: one charge, every answer the opened clip', async (c: TestContext) => {
      const { guest, messages: answered } = await answeredGuest(6);
      const clip = mediaOf(answered, 'video');
      await fund(guest.guest.id, MEDIA_OPEN_PRICES.video);
      const started = performance.now();
      const answers = await Promise.all(Array.from({ length: 20 }, () => openMessage(guest.accessToken, clip.id)));
      c.diagnostic(`${database}: 20 parallel opens in ${Math.round(performance.now() - started)} ms`);
      assert.deepEqual(
        answers.map((answer) => answer.statusCode),
        Array.from({ length: 20 }, () => 200),
      );
      assert.ok(answers.every((answer) => answer.json<{ message: Message }>().message.imageUrl));
      assert.equal(await balanceOf(t.ctx.db, guest.guest.id), 0);
      const charges = await t.ctx.db
        .select({ id: walletTransfers.id })
        .from(walletTransfers)
        .where(
          and(
            eq(walletTransfers.idempotencyScope, `messenger.picture:${guest.guest.id}`),
            eq(walletTransfers.idempotencyKey, String(clip.id)),
          ),
        );
      assert.equal(charges.length, 1, 'one transfer for the clip');
    });

    test('a deleted message takes its file with it, however it was deleted', async () => {
      const { guest, messages: answered } = await answeredGuest(3);
      const keep = await answeredGuest(3);
      const folder = messengerImagesDir(t.config.dataDir);
      const fileOf = async (messageId: number) =>
        (await t.ctx.db.select({ file: messages.imageFile }).from(messages).where(eq(messages.id, messageId)))[0]!
          .file!;
      const gone = await fileOf(mediaOf(answered, 'bitmap').id);
      const kept = await fileOf(mediaOf(keep.messages, 'bitmap').id);
      // Her account goes: its channels and messages go with it by the database's cascade.
      await t.ctx.db.delete(guests).where(eq(guests.id, guest.guest.id));
      assert.ok((await removeDeletedMedia(t.ctx)) >= 1);
      const left = new Set(await readdir(folder));
      assert.ok(!left.has(gone), 'the deleted message’s file is removed');
      assert.ok(left.has(kept), 'another conversation’s file stays');
      await access(path.join(folder, kept));
      assert.equal(await removeDeletedMedia(t.ctx), 0, 'each file once');
    });

    test('an answer whose transaction rolls back leaves no file behind', async () => {
      const { channelId } = await answeredGuest(2);
      const folder = messengerImagesDir(t.config.dataDir);
      const files = async () => new Set(await readdir(folder).catch(() => []));
      const before = await files();
      // The database refuses the third answer's row (its picture) after the file was written.
      await t.ctx.db.execute(
        sql.raw(`CREATE FUNCTION refuse_media_answer() RETURNS trigger LANGUAGE plpgsql AS $$
          BEGIN RAISE EXCEPTION 'refused for the test'; END $$`),
      );
      await t.ctx.db.execute(
        sql.raw(`CREATE TRIGGER refuse_media_answer BEFORE INSERT ON messenger_messages FOR EACH ROW
          WHEN (NEW.channel_id = ${channelId} AND NEW.image_file IS NOT NULL) EXECUTE FUNCTION refuse_media_answer()`),
      );
      const due = () =>
        t.ctx.db
          .update(channels)
          .set({ replyDueAt: sql`now() - interval '1 second'` })
          .where(eq(channels.id, channelId));
      try {
        await due();
        await assert.rejects(answerDueReplies(t.ctx), /Failed query: insert into "messenger_messages"/);
      } finally {
        await t.ctx.db.execute(sql.raw('DROP TRIGGER refuse_media_answer ON messenger_messages'));
        await t.ctx.db.execute(sql.raw('DROP FUNCTION refuse_media_answer()'));
      }
      assert.deepEqual(await files(), before, 'the written picture was removed');
      // The answer is still due, and comes with its picture once the database takes it.
      assert.equal(await answerDueReplies(t.ctx), 1);
      const [answer] = await t.ctx.db
        .select({ file: messages.imageFile })
        .from(messages)
        .where(eq(messages.channelId, channelId))
        .orderBy(sql`${messages.id} desc`)
        .limit(1);
      assert.ok(answer?.file && !before.has(answer.file));
      await access(path.join(folder, answer.file));
    });
  });
}

await onEachDatabase(performerMedia, { seedScale: 0.02 });
