import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { createTestApp, type TestApp } from '../../testing/app';
import { startPostgres } from '../../testing/postgres';
import { Mailer } from './outbox';
import { mailOutbox } from './schema';
import { issueToken, spendToken } from './tokens';

/** Counts the mails a loopback SMTP server takes, by recipient. */
async function countingSmtp() {
  const taken = new Map<string, number>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo: (address, _session, callback) => {
      taken.set(address.address, (taken.get(address.address) ?? 0) + 1);
      callback();
    },
    onData: (stream, _session, callback) => {
      stream.resume();
      stream.on('end', () => callback());
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return { taken, url: `smtp://127.0.0.1:${port}`, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/** The same guarantees on each database the server runs on. */
function underLoad(database: string, databaseUrl: () => Promise<string | undefined>, skip: string | false) {
  describe(`mail under concurrent requests on ${database}`, { skip }, () => {
    let t: TestApp;
    let smtp: Awaited<ReturnType<typeof countingSmtp>>;
    before(async () => {
      smtp = await countingSmtp();
      const url = await databaseUrl();
      t = await createTestApp({ config: { smtpUrl: smtp.url, ...(url ? { databaseUrl: url } : {}) } });
    });
    after(async () => {
      await t?.close();
      await smtp?.close();
    });

    test('a link followed by 20 requests at once works for exactly one of them', async () => {
      const now = t.ctx.now();
      const token = await issueToken(t.ctx.db, 'passwordReset', { guestId: null, email: 'race@example.com' }, now);
      const results = await Promise.allSettled(
        Array.from({ length: 20 }, () => spendToken(t.ctx.db, 'passwordReset', token, now)),
      );
      assert.equal(results.filter((r) => r.status === 'fulfilled').length, 1);
      for (const result of results.filter((r) => r.status === 'rejected'))
        assert.equal((result.reason as { code: string }).code, 'LINK_USED');
    });

    test('two servers delivering the same outbox send every mail once', async () => {
      const recipients = Array.from({ length: 30 }, (_, i) => `outbox-${database.toLowerCase()}-${i}@example.com`);
      // Two mailers on one database stand for two server processes; neither sends before all rows are written.
      const servers = [new Mailer(t.ctx), new Mailer(t.ctx)];
      for (const to of recipients)
        await t.ctx.db.insert(mailOutbox).values({
          to,
          guestId: null,
          template: 'verifyEmail',
          language: 'en',
          subject: 'race',
          text: 'race',
          html: '<p>race</p>',
          nextAttemptAt: t.ctx.now(),
          created: t.ctx.now(),
        });
      const rounds = await Promise.all([...servers, ...servers].map((mailer) => mailer.deliverDue()));
      assert.equal(
        rounds.reduce((sum, sent) => sum + sent, 0),
        recipients.length,
      );
      for (const to of recipients) assert.equal(smtp.taken.get(to), 1, to);
      const rows = await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.subject, 'race'));
      assert.deepEqual(
        rows.map((row) => [row.state, row.attempts]),
        recipients.map(() => ['sent', 1]),
      );
      for (const mailer of servers) mailer.close();
    });
  });
}

underLoad('PGlite', async () => undefined, false);

const postgres = await startPostgres();
after(() => postgres?.stop());
underLoad(
  'PostgreSQL',
  async () => postgres!.createDatabase(),
  postgres ? false : 'PostgreSQL could not be started here (CI must have it)',
);
