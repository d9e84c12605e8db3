import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { and, eq, isNotNull } from 'drizzle-orm';
import { VIDEO_SHARE_MAILS_PER_HOUR, type AuthResponse, type ErrorBody } from '@velvet/contracts';
import { createTestApp, type TestApp } from '../../testing/app';
import { startPostgres } from '../../testing/postgres';
import { videos } from '../media/schema';
import { videoTitleCard } from '../media/exists';
import { mailerOf } from './outbox';
import { mailOutbox } from './schema';
import { shareVideo } from './share';

/**
 * The SMTP sink of this test: a mail server on loopback that takes every mail (and keeps it parsed), refuses the
 * next ones for good (550) when told, or holds the next one until the test lets it through.
 */
class Sink {
  readonly mails: ParsedMail[] = [];
  refuseNext = 0;
  private held: Array<() => void> = [];
  holdNext = 0;
  readonly server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData: (stream, _session, callback) => {
      simpleParser(stream).then((mail) => {
        if (this.refuseNext > 0) {
          this.refuseNext--;
          return callback(Object.assign(new Error('mailbox unavailable'), { responseCode: 550 }));
        }
        const take = () => {
          this.mails.push(mail);
          callback();
        };
        if (this.holdNext > 0) {
          this.holdNext--;
          this.held.push(take);
        } else take();
      }, callback);
    },
  });
  async listen(): Promise<number> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return (this.server.server.address() as AddressInfo).port;
  }
  release() {
    for (const take of this.held.splice(0)) take();
  }
  close = () => new Promise<void>((resolve) => this.server.close(() => resolve()));
}

/** The video share route against one server: PGlite, or a PostgreSQL database. */
function shareSuite(open: (smtpUrl: string) => Promise<TestApp>) {
  const sink = new Sink();
  let t: TestApp;
  let sender: AuthResponse;
  let video: { id: number; title: string; actorName: string; performer: string };

  before(async () => {
    const port = await sink.listen();
    t = await open(`smtp://127.0.0.1:${port}`);
    sender = await t.signup({ name: 'Mia Sender' });
    const [row] = await t.ctx.db.select({ id: videos.id }).from(videos).where(isNotNull(videos.clip)).limit(1);
    video = (await videoTitleCard(t.ctx.db, row!.id))!;
  });
  after(async () => {
    await t.close();
    await sink.close();
  });

  const share = (auth: AuthResponse, body: object, language = 'en') =>
    t.rest('POST', `/sendVideoShareEmail?language=${language}`, auth.accessToken, body);
  const code = (body: string) => (JSON.parse(body) as ErrorBody).code;

  test('OK once the mail server took it: the recipient gets the video link, the sender name and message', async () => {
    const response = await share(sender, {
      recipient: ' Friend@Example.com ',
      message: 'Look at <this> one!',
      videoId: video.id,
      guestId: sender.guest.id,
    });
    assert.equal(response.statusCode, 200, response.body);
    assert.deepEqual(response.json(), { Status: 'OK' });
    // The answer came after the sink took the mail: it is there now.
    const mail = sink.mails.find((m) => (Array.isArray(m.to) ? m.to[0] : m.to)?.text === 'friend@example.com');
    assert.ok(mail, 'the sink received the mail');
    assert.equal(mail.subject, 'Mia Sender shares a video with you');
    assert.match(mail.text ?? '', new RegExp(`/en/amateur/${video.actorName}/videos/${video.id}/`));
    assert.ok((mail.text ?? '').includes(video.title));
    assert.ok((mail.text ?? '').includes('Mia Sender writes: Look at <this> one!'));
    assert.ok(String(mail.html).includes('Look at &lt;this&gt; one!'), 'the message is escaped in HTML');
  });

  test('in the language asked for', async () => {
    const response = await share(
      sender,
      { recipient: 'freundin@example.com', message: '', videoId: video.id, guestId: sender.guest.id },
      'de',
    );
    assert.deepEqual(response.json(), { Status: 'OK' });
    const mail = sink.mails.at(-1)!;
    assert.equal(mail.subject, 'Mia Sender teilt ein Video mit dir');
    assert.match(mail.text ?? '', /\/de\/amateur\//);
  });

  test('FAILED when the mail server refuses it', async () => {
    sink.refuseNext = 1;
    const response = await share(sender, {
      recipient: 'refused@example.com',
      videoId: video.id,
      guestId: sender.guest.id,
    });
    assert.deepEqual(response.json(), { Status: 'FAILED' });
  });

  test('TIMEOUT when it has not gone out within the wait; it goes out afterwards', async () => {
    const guest = await t.signup();
    sink.holdNext = 1;
    const answer = await shareVideo(
      t.ctx,
      { guestId: guest.guest.id, loggedIn: true } as Parameters<typeof shareVideo>[1],
      { recipient: 'slow@example.com', message: '', videoId: video.id, guestId: guest.guest.id },
      'en',
      50,
    );
    assert.deepEqual(answer, { Status: 'TIMEOUT' });
    sink.release();
    await mailerOf(t.ctx).idle();
    const [row] = await t.ctx.db
      .select({ state: mailOutbox.state })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.guestId, guest.guest.id), eq(mailOutbox.template, 'videoShare')));
    assert.equal(row!.state, 'sent');
  });

  test(`at most ${VIDEO_SHARE_MAILS_PER_HOUR} an hour per guest, then 429; an hour later again`, async () => {
    const guest = await t.signup();
    const body = { recipient: 'many@example.com', message: '', videoId: video.id, guestId: guest.guest.id };
    const answers = await Promise.all(Array.from({ length: VIDEO_SHARE_MAILS_PER_HOUR + 2 }, () => share(guest, body)));
    assert.equal(answers.filter((a) => a.statusCode === 200).length, VIDEO_SHARE_MAILS_PER_HOUR);
    const refused = answers.filter((a) => a.statusCode === 429);
    assert.equal(refused.length, 2);
    assert.equal(code(refused[0]!.body), 'RATE_LIMITED');
    const now = t.ctx.now();
    t.ctx.now = () => new Date(now.getTime() + 61 * 60_000);
    try {
      assert.deepEqual((await share(guest, body)).json(), { Status: 'OK' });
    } finally {
      t.ctx.now = () => now;
    }
  });

  test('bad input: another guest id 403, no address or a bad one 400, an unknown video 404, a visitor 401', async () => {
    const base = { recipient: 'x@example.com', videoId: video.id, guestId: sender.guest.id };
    const other = await t.signup();
    assert.equal(code((await share(sender, { ...base, guestId: other.guest.id })).body), 'FORBIDDEN');
    assert.equal(code((await share(sender, { ...base, recipient: 'not an address' })).body), 'INVALID_EMAIL');
    assert.equal((await share(sender, { videoId: video.id, guestId: sender.guest.id })).statusCode, 400);
    assert.equal((await share(sender, { ...base, guestId: 'abc' })).statusCode, 400);
    assert.equal((await share(sender, { ...base, message: 'x'.repeat(501) })).statusCode, 400);
    assert.equal((await share(sender, { ...base, videoId: 2_000_000_000 })).statusCode, 404);
    const visitor = await t.rest('POST', '/sendVideoShareEmail', await t.anonymousToken(), base);
    assert.equal(code(visitor.body), 'LOGIN_REQUIRED');
  });
}

describe('video share mail on PGlite', () =>
  shareSuite((smtpUrl) => createTestApp({ seedScale: 0.05, config: { smtpUrl } })));

const postgres = await startPostgres();
after(() => postgres?.stop());
describe(
  'video share mail on PostgreSQL',
  { skip: postgres ? false : 'PostgreSQL could not be started here (CI must have it)' },
  () =>
    shareSuite(async (smtpUrl) =>
      createTestApp({ config: { smtpUrl, databaseUrl: await postgres!.createDatabase() }, seedScale: 0.05 }),
    ),
);
