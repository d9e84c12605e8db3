import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { eq } from 'drizzle-orm';
import type { AuthResponse, ErrorBody, IncomingMessage, NotificationSettings, OutboxMail } from '@velvet/contracts';
import { createTestApp, type TestApp } from '../../testing/app';
import { openSocketSession } from '../../testing/socket';
import { mailerOf, pruneMail } from './outbox';
import { mailOutbox } from './schema';
import { guests } from '../auth/schema';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const PASSWORD = 'correct horse battery';

/** A real SMTP server on loopback: every mail it takes is parsed and handed to whoever waits for its address. */
class Inbox {
  readonly mails: ParsedMail[] = [];
  private waiters: Array<{ to: string; resolve: (mail: ParsedMail) => void }> = [];
  /** The next deliveries refused with a temporary error (451), as a busy mail server answers. */
  refuseNext = 0;
  readonly server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData: (stream, _session, callback) => {
      simpleParser(stream).then((mail) => {
        if (this.refuseNext > 0) {
          this.refuseNext--;
          return callback(Object.assign(new Error('try again later'), { responseCode: 451 }));
        }
        this.mails.push(mail);
        callback();
        this.deliver();
      }, callback);
    },
  });

  async listen(): Promise<number> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return (this.server.server.address() as AddressInfo).port;
  }

  private deliver() {
    for (const waiter of [...this.waiters]) {
      const index = this.mails.findIndex((mail) => recipient(mail) === waiter.to);
      if (index < 0) continue;
      this.waiters.splice(this.waiters.indexOf(waiter), 1);
      waiter.resolve(this.mails.splice(index, 1)[0]!);
    }
  }

  /** The next mail to `to` (already arrived or arriving). */
  next(to: string): Promise<ParsedMail> {
    return new Promise((resolve) => {
      this.waiters.push({ to, resolve });
      this.deliver();
    });
  }

  close = () => new Promise<void>((resolve) => this.server.close(() => resolve()));
}

const recipient = (mail: ParsedMail) => {
  const to = Array.isArray(mail.to) ? mail.to[0] : mail.to;
  return to?.value[0]?.address ?? '';
};

/** The token of the mail's link to a page whose path contains `slugs`, read from the plain-text part. */
function linkToken(mail: ParsedMail, slugs: string): string {
  const match = new RegExp(`https?://[^\\s]+/${slugs}/([A-Za-z0-9_-]+)/`).exec(mail.text ?? '');
  assert.ok(match, `no link to ${slugs} in ${mail.text}`);
  // The HTML part carries the same link.
  assert.ok(String(mail.html).includes(match[0]), 'the HTML part links the same page');
  return match[1]!;
}

let t: TestApp;
let inbox: Inbox;
let operator: string;

before(async () => {
  inbox = new Inbox();
  const port = await inbox.listen();
  t = await createTestApp({ config: { smtpUrl: `smtp://127.0.0.1:${port}`, publicUrl: 'https://velvet.example' } });
  operator = await t.operatorToken();
});
after(async () => {
  await mailerOf(t.ctx).idle();
  await t.close();
  await inbox.close();
});

const post = (url: string, payload: object, token?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/rest/v1${url}`,
    payload,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
const get = (url: string, token?: string) =>
  t.app.inject({ method: 'GET', url: `/rest/v1${url}`, headers: token ? { authorization: `Bearer ${token}` } : {} });
const codeOf = (response: { json: <T>() => T }) => response.json<ErrorBody>().code;

/** Moves the server's clock by `ms` for the rest of the file. */
function advance(ms: number) {
  const now = t.ctx.now().getTime() + ms;
  t.ctx.now = () => new Date(now);
}

async function signupIn(language: string) {
  const id = Math.random().toString(36).slice(2, 10);
  const response = await post(`/auth/signup?language=${language}`, {
    email: `Mail-${id}@Example.com`,
    password: PASSWORD,
    name: `Mailer ${id}`,
  });
  assert.equal(response.statusCode, 200, response.body);
  return response.json<AuthResponse>();
}

describe('address verification', () => {
  test('the sign-up mail in the guest language verifies once, and every tab hears it', async () => {
    const guest = await signupIn('de');
    const email = guest.guest.email!;
    const socket = await openSocketSession(t.app, guest.accessToken);
    const mail = await inbox.next(email);
    assert.equal(mail.subject, 'Bitte bestätige deine E-Mail-Adresse');
    assert.match(mail.text!, /Hallo Mailer/);
    assert.match(String(mail.html), /Adresse bestätigen/);
    const token = linkToken(mail, 'de/email/bestaetigen');
    assert.equal(
      (await get('/getNotificationsSettings', guest.accessToken)).json<NotificationSettings>().emailVerified,
      false,
    );

    const verified = await post('/guest/email/verify', { token });
    assert.equal(verified.statusCode, 200, verified.body);
    assert.deepEqual(verified.json(), { email });
    assert.deepEqual(await socket.next('onGuestEmailVerified'), { type: 'onGuestEmailVerified', email });
    const settings = (await get('/getNotificationsSettings', guest.accessToken)).json<NotificationSettings>();
    assert.equal(settings.emailVerified, true);

    const again = await post('/guest/email/verify', { token });
    assert.equal(again.statusCode, 410);
    assert.equal(codeOf(again), 'LINK_USED');
    const forged = await post('/guest/email/verify', { token: `${token.slice(0, -2)}xx` });
    assert.equal(forged.statusCode, 404);
    assert.equal(codeOf(forged), 'LINK_INVALID');
    socket.close();
  });

  test('a link past its 48 hours is refused, a resent one works, and resending waits a minute', async () => {
    const guest = await signupIn('en');
    const email = guest.guest.email!;
    const first = linkToken(await inbox.next(email), 'en/email/verify');
    advance(49 * HOUR);
    const expired = await post('/guest/email/verify', { token: first });
    assert.equal(expired.statusCode, 410);
    assert.equal(codeOf(expired), 'LINK_EXPIRED');

    const resend = await post('/guest/email/sendVerification', {}, guest.accessToken);
    assert.equal(resend.statusCode, 200, resend.body);
    const second = linkToken(await inbox.next(email), 'en/email/verify');
    const tooSoon = await post('/guest/email/sendVerification', {}, guest.accessToken);
    assert.equal(tooSoon.statusCode, 429);
    assert.equal(codeOf(tooSoon), 'RATE_LIMITED');
    assert.equal((await post('/guest/email/verify', { token: second })).statusCode, 200);
  });

  test('sendSignupEmail over the socket corrects the address and mails the new one', async () => {
    const guest = await signupIn('nl');
    await inbox.next(guest.guest.email!);
    const socket = await openSocketSession(t.app, guest.accessToken);
    advance(2 * MINUTE);
    const corrected = `fixed-${guest.guest.id.slice(0, 8)}@example.com`;
    socket.send({ type: 'sendSignupEmail', email: { email: corrected } });
    assert.deepEqual(await socket.next('emailProperties'), {
      type: 'emailProperties',
      email: corrected,
      verified: false,
      errorCode: null,
    });
    const mail = await inbox.next(corrected);
    assert.equal(mail.subject, 'Bevestig je e-mailadres');
    socket.send({ type: 'sendSignupEmail', email: { email: 'not an address' } });
    const refused = await socket.next('emailProperties');
    assert.equal(refused.type === 'emailProperties' && refused.errorCode, 'INVALID_EMAIL');
    socket.send({ type: 'refreshEmailProperties' });
    const properties = await socket.next('emailProperties');
    assert.equal(properties.type === 'emailProperties' && properties.email, corrected);
    socket.close();
  });
});

describe('password reset', () => {
  test('the mailed link sets a new password once, ends every session, and the old password is gone', async () => {
    const guest = await signupIn('en');
    const email = guest.guest.email!;
    await inbox.next(email);
    const asked = await post('/auth/password/forgot?language=es', { email: email.toUpperCase() });
    assert.deepEqual(asked.json(), { sent: true });
    const mail = await inbox.next(email);
    assert.equal(mail.subject, 'Tu nueva contraseña para Velvet');
    const token = linkToken(mail, 'es/contrasena/restablecer');

    const weak = await post('/auth/password/reset', { token, password: 'short' });
    assert.equal(codeOf(weak), 'PASSWORD_TOO_SHORT');
    const reset = await post('/auth/password/reset', { token, password: 'a brand new passphrase' });
    assert.equal(reset.statusCode, 200, reset.body);
    assert.equal((await get('/auth/me', guest.accessToken)).statusCode, 401);
    const notice = await inbox.next(email);
    assert.equal(notice.subject, 'Your password was changed');

    const oldLogin = await post('/auth/login', { email, password: PASSWORD });
    assert.equal(codeOf(oldLogin), 'INVALID_CREDENTIALS');
    assert.equal((await post('/auth/login', { email, password: 'a brand new passphrase' })).statusCode, 200);
    const reused = await post('/auth/password/reset', { token, password: 'yet another passphrase' });
    assert.equal(reused.statusCode, 410);
    assert.equal(codeOf(reused), 'LINK_USED');
  });

  test('a reset link works for 30 minutes', async () => {
    const guest = await signupIn('en');
    await inbox.next(guest.guest.email!);
    await post('/auth/password/forgot', { email: guest.guest.email! });
    const token = linkToken(await inbox.next(guest.guest.email!), 'en/password/reset');
    advance(31 * MINUTE);
    const late = await post('/auth/password/reset', { token, password: 'a brand new passphrase' });
    assert.equal(late.statusCode, 410);
    assert.equal(codeOf(late), 'LINK_EXPIRED');
  });

  test('an address without an account gets the same answer and no mail', async () => {
    const [before] = await t.ctx.db.select({ id: mailOutbox.id }).from(mailOutbox).orderBy(mailOutbox.id).limit(1);
    const count = async () => (await t.ctx.db.select({ id: mailOutbox.id }).from(mailOutbox)).length;
    const written = await count();
    const answer = await post('/auth/password/forgot', { email: 'nobody-here@example.com' });
    assert.equal(answer.statusCode, 200);
    assert.deepEqual(answer.json(), { sent: true });
    assert.equal(await count(), written);
    assert.ok(before);
    assert.equal(codeOf(await post('/auth/password/forgot', { email: 'no address' })), 'INVALID_EMAIL');
  });
});

describe('password change', () => {
  test('ends the other sessions (their sockets hear sessionExpired) and keeps this one', async () => {
    const guest = await signupIn('en');
    const email = guest.guest.email!;
    await inbox.next(email);
    const other = (await post('/auth/login', { email, password: PASSWORD })).json<AuthResponse>();
    const otherSocket = await openSocketSession(t.app, other.accessToken);

    const wrong = await post(
      '/auth/password/change',
      { currentPassword: 'wrong one', password: 'x' },
      guest.accessToken,
    );
    assert.equal(wrong.statusCode, 401);
    assert.equal(codeOf(wrong), 'INVALID_CREDENTIALS');
    const changed = await post(
      '/auth/password/change',
      { currentPassword: PASSWORD, password: 'changed passphrase here' },
      guest.accessToken,
    );
    assert.equal(changed.statusCode, 200, changed.body);
    assert.deepEqual(changed.json(), { sessionsEnded: 1 });
    await otherSocket.next('sessionExpired');
    assert.equal((await get('/auth/me', other.accessToken)).statusCode, 401);
    assert.equal((await get('/auth/me', guest.accessToken)).statusCode, 200);
    assert.equal((await inbox.next(email)).subject, 'Your password was changed');
  });

  test('the passwordChanged socket message ends the guest other sessions', async () => {
    const guest = await signupIn('en');
    const email = guest.guest.email!;
    await inbox.next(email);
    const other = (await post('/auth/login', { email, password: PASSWORD })).json<AuthResponse>();
    const otherSocket = await openSocketSession(t.app, other.accessToken);
    const socket = await openSocketSession(t.app, guest.accessToken);
    socket.send({ type: 'passwordChanged' });
    await otherSocket.next('sessionExpired');
    await socket.settled();
    assert.equal((await get('/auth/me', other.accessToken)).statusCode, 401);
    assert.equal((await get('/auth/me', guest.accessToken)).statusCode, 200);
    socket.close();
  });
});

describe('newsletters', () => {
  test('double opt-in, a newsletter with List-Unsubscribe, and the one-click unsubscribe', async () => {
    const guest = await signupIn('en');
    const email = guest.guest.email!;
    await inbox.next(email);
    const subscribed = await post('/newsletter/subscribe', { typeId: 256 }, guest.accessToken);
    assert.deepEqual(subscribed.json(), { typeId: 256, state: 'pending' });
    const confirmation = await inbox.next(email);
    assert.equal(confirmation.subject, 'Confirm your subscription: Contests');
    const token = linkToken(confirmation, 'en/newsletter/confirm');
    const settings = () =>
      get('/getNotificationsSettings', guest.accessToken).then((r) => r.json<NotificationSettings>());
    assert.equal((await settings()).newsletters.find((n) => n.typeId === 256)?.state, 'pending');

    assert.deepEqual((await post('/newsletter/confirm', { token })).json(), { typeId: 256, email });
    assert.equal(codeOf(await post('/newsletter/confirm', { token })), 'LINK_USED');
    assert.equal((await settings()).newsletters.find((n) => n.typeId === 256)?.state, 'on');

    const newsletter = await inbox.next(email);
    assert.equal(newsletter.subject, 'Contests: what is new at Velvet');
    // Header lines as sent, unfolded (RFC 5322 folds long ones).
    const header = (name: string) =>
      newsletter.headerLines.find((line) => line.key === name)?.line.replace(/\r?\n[ \t]+/g, ' ');
    const unsubscribeHeader =
      /^List-Unsubscribe: <https:\/\/velvet\.example(\/mail\/unsubscribe\/([A-Za-z0-9_-]+))>$/.exec(
        header('list-unsubscribe') ?? '',
      );
    assert.ok(unsubscribeHeader, header('list-unsubscribe'));
    assert.equal(header('list-unsubscribe-post'), 'List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    const pageToken = linkToken(newsletter, 'en/newsletter/unsubscribe');
    assert.equal(unsubscribeHeader[2], pageToken);

    const oneClickUrl = unsubscribeHeader[1]!;
    const looked = await t.app.inject({ method: 'GET', url: oneClickUrl });
    assert.equal(looked.statusCode, 303);
    assert.equal(looked.headers.location, `https://velvet.example/en/newsletter/unsubscribe/${pageToken}/`);
    const info = await get(`/newsletter/unsubscribe/${pageToken}`);
    assert.deepEqual(info.json(), { email, typeId: 256 });

    const oneClick = await t.app.inject({
      method: 'POST',
      url: oneClickUrl,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    assert.equal(oneClick.statusCode, 200, oneClick.body);
    assert.equal((await settings()).newsletters.find((n) => n.typeId === 256)?.state, 'off');
    const twice = await post('/newsletter/unsubscribe', { option: 'all', token: pageToken });
    assert.equal(twice.statusCode, 410);
    assert.equal(codeOf(twice), 'LINK_USED');
  });

  test('an operator sends a newsletter to its running subscriptions only, each with its own link', async () => {
    const running = await signupIn('nl');
    const waiting = await signupIn('en');
    for (const guest of [running, waiting]) await inbox.next(guest.guest.email!);
    await post('/newsletter/subscribe', { typeId: 1024 }, running.accessToken);
    const token = linkToken(await inbox.next(running.guest.email!), 'nl/newsletter/confirm');
    await post('/newsletter/confirm', { token });
    const welcome = await inbox.next(running.guest.email!);
    await post('/newsletter/subscribe', { typeId: 1024 }, waiting.accessToken);
    await inbox.next(waiting.guest.email!);

    assert.equal(codeOf(await post('/mail/newsletters/1024/send', {}, running.accessToken)), 'FORBIDDEN');
    assert.equal((await post('/mail/newsletters/3/send', {}, operator)).statusCode, 400);
    const sent = await post('/mail/newsletters/1024/send', {}, operator);
    assert.equal(sent.statusCode, 200, sent.body);
    assert.ok(sent.json<{ queued: number }>().queued >= 1);
    const issue = await inbox.next(running.guest.email!);
    assert.equal(issue.subject, 'VIP-club: nieuw bij Velvet');
    const links = [welcome, issue].map((mail) => linkToken(mail, 'nl/newsletter/unsubscribe'));
    assert.notEqual(links[0], links[1]);
    await mailerOf(t.ctx).idle();
    const toWaiting = await t.ctx.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, waiting.guest.email!))
      .orderBy(mailOutbox.id);
    assert.deepEqual(
      toWaiting.map((row) => row.template),
      ['verifyEmail', 'newsletterConfirm'],
    );
  });

  test('the settings switch newsletters; the unsubscribe page leaves all of them with reasons', async () => {
    const guest = await signupIn('es');
    const email = guest.guest.email!;
    await inbox.next(email);
    const saved = await post(
      '/getNotificationsSettings',
      {
        newsletters: [
          { typeId: 512, subscribed: true },
          { typeId: 2048, subscribed: true },
        ],
      },
      guest.accessToken,
    );
    assert.equal(saved.statusCode, 200, saved.body);
    const states = saved.json<NotificationSettings>().newsletters;
    assert.deepEqual(
      states.filter((n) => n.state !== 'off').map((n) => n.typeId),
      [512, 2048],
    );
    for (const typeId of [512, 2048]) {
      const mail = await inbox.next(email);
      assert.match(mail.subject!, /^Confirma tu suscripción/);
      const confirmed = await post('/newsletter/confirm', { token: linkToken(mail, 'es/boletin/confirmar') });
      assert.ok([512, 2048].includes(confirmed.json<{ typeId: number }>().typeId), String(typeId));
    }
    const first = await inbox.next(email);
    await inbox.next(email);
    const left = await post('/newsletter/unsubscribe', {
      option: 'all',
      reasons: ['tooMany', 'other'],
      token: linkToken(first, 'es/boletin/baja'),
    });
    assert.deepEqual(left.json(), { email, unsubscribed: [512, 2048] });
    const anonymous = await post('/newsletter/unsubscribe', { option: 'all' });
    assert.equal(codeOf(anonymous), 'LOGIN_REQUIRED');
  });
});

describe('status bar', () => {
  const barOf = (message: IncomingMessage) => (message.type === 'statusBar' ? message.statusBar : undefined);
  /** A guest whose age is verified, so the age check's message (more urgent than the address's) stays away. */
  const adultSignupIn = async (language: 'de' | 'en') => {
    const guest = await signupIn(language);
    await t.ctx.db.update(guests).set({ avsStatus: 'accepted' }).where(eq(guests.id, guest.guest.id));
    return guest;
  };

  test('a new guest sees the link on its way, then the thanks for a day, then nothing', async () => {
    const guest = await adultSignupIn('de');
    const email = guest.guest.email!;
    const token = linkToken(await inbox.next(email), 'de/email/bestaetigen');
    const socket = await openSocketSession(t.app, guest.accessToken);
    assert.deepEqual(barOf(await socket.next('statusBar')), {
      type: 'mailWelcomeLink',
      data: { email },
      action: { href: '/de/myvisitx/benachrichtigungen/' },
    });
    await post('/guest/email/verify', { token });
    assert.deepEqual(barOf(await socket.next('statusBar')), { type: 'verifiedMail', data: { email }, action: null });
    socket.close();
    advance(25 * HOUR);
    const later = await openSocketSession(t.app, guest.accessToken);
    assert.equal(barOf(await later.next('statusBar')), null);
    later.close();
  });

  test('an address whose link expired unconfirmed is asked to be confirmed', async () => {
    const guest = await adultSignupIn('en');
    await inbox.next(guest.guest.email!);
    advance(49 * HOUR);
    const socket = await openSocketSession(t.app, guest.accessToken);
    assert.deepEqual(barOf(await socket.next('statusBar')), {
      type: 'mailNotVerified',
      data: { email: guest.guest.email! },
      action: { href: '/en/myvisitx/notifications/' },
    });
    socket.close();
  });

  test('a guest who logs in again after a month is welcomed back, one who comes daily is not', async () => {
    const guest = await adultSignupIn('en');
    const email = guest.guest.email!;
    await post('/guest/email/verify', { token: linkToken(await inbox.next(email), 'en/email/verify') });
    advance(2 * 24 * HOUR);
    const daily = (await post('/auth/login', { email, password: PASSWORD })).json<AuthResponse>();
    const first = await openSocketSession(t.app, daily.accessToken);
    assert.equal(barOf(await first.next('statusBar')), null);
    first.close();
    advance(31 * 24 * HOUR);
    const back = (await post('/auth/login', { email, password: PASSWORD })).json<AuthResponse>();
    const socket = await openSocketSession(t.app, back.accessToken);
    assert.deepEqual(barOf(await socket.next('statusBar')), {
      type: 'welcomeBackUser',
      data: { name: guest.guest.name },
      action: null,
    });
    socket.close();
  });
});

describe('outbox', () => {
  test('a refused delivery stays queued, the request did not wait, and the next attempt sends it', async () => {
    inbox.refuseNext = 1;
    const guest = await signupIn('en');
    await mailerOf(t.ctx).idle();
    const [row] = await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, guest.guest.email!));
    assert.equal(row?.state, 'queued');
    assert.equal(row.attempts, 1);
    assert.match(row.lastError ?? '', /451/);
    assert.ok(row.text.includes('/en/email/verify/'), 'the body is kept until the mail is sent');

    advance(31_000);
    mailerOf(t.ctx).kick();
    const mail = await inbox.next(guest.guest.email!);
    assert.ok(linkToken(mail, 'en/email/verify'));
    await mailerOf(t.ctx).idle();
    const [sent] = await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.id, row.id));
    assert.equal(sent?.state, 'sent');
    assert.equal(sent.text, '', 'a sent mail keeps no link');
  });

  test('operators read the outbox, guests may not', async () => {
    const guest = await signupIn('en');
    await inbox.next(guest.guest.email!);
    const list = await get('/mail/outbox?pageSize=5', operator);
    assert.equal(list.statusCode, 200, list.body);
    const page = list.json<{ items: OutboxMail[]; transport: string; total: number }>();
    assert.equal(page.transport, 'smtp');
    assert.ok(page.total >= page.items.length);
    const one = await get(`/mail/outbox/${page.items[0]!.id}`, operator);
    assert.equal(one.statusCode, 200);
    assert.equal(codeOf(await get('/mail/outbox', guest.accessToken)), 'FORBIDDEN');
  });
});

describe('pruning', () => {
  test('forgets mails done for a month and links expired for a week, and nothing newer', async () => {
    const guest = await signupIn('en');
    await inbox.next(guest.guest.email!);
    await mailerOf(t.ctx).idle();
    const mine = () => t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, guest.guest.email!));
    // Earlier tests moved the clock on: their mails may go, this new one stays.
    await pruneMail(t.ctx.db, t.ctx.now());
    assert.equal((await mine()).length, 1);
    const pruned = await pruneMail(t.ctx.db, new Date(t.ctx.now().getTime() + 31 * 24 * HOUR));
    assert.ok(pruned.mails >= 1 && pruned.tokens >= 1, JSON.stringify(pruned));
    assert.equal((await mine()).length, 0);
  });
});

describe('without SMTP', () => {
  test('mails are kept in the outbox with both parts, for the operator console', async () => {
    const local = await createTestApp();
    try {
      const response = await local.app.inject({
        method: 'POST',
        url: '/rest/v1/auth/signup?language=es',
        payload: { email: 'kept@example.com', password: PASSWORD, name: 'Kept Guest' },
      });
      assert.equal(response.statusCode, 200, response.body);
      const [row] = await local.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'kept@example.com'));
      assert.equal(row?.state, 'kept');
      assert.equal(row.subject, 'Confirma tu dirección de correo');
      assert.match(row.text, /http:\/\/localhost:8080\/es\/email\/verificar\/[A-Za-z0-9_-]{43}\//);
      assert.match(row.html, /<a href="http:\/\/localhost:8080\/es\/email\/verificar\//);
    } finally {
      await local.close();
    }
  });
});
