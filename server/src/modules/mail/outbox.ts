import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Language } from '@velvet/contracts';
import { afterTransaction, type Database } from '../../db/database';
import type { ModuleContext } from '../module';
import { mailOutbox, mailTokens, type OutboxRow } from './schema';
import { renderMail, type MailContent } from './templates';

const SECOND_MS = 1000;
const MINUTE_MS = 60 * SECOND_MS;
/**
 * The waits after each failed attempt (exponential, as mail servers retry): after the last one a mail is
 * `failed`, about 16 hours after it was written, inside the usual day a receiving server waits for a retry.
 */
export const RETRY_DELAYS_MS = [
  30 * SECOND_MS,
  2 * MINUTE_MS,
  10 * MINUTE_MS,
  30 * MINUTE_MS,
  60 * MINUTE_MS,
  120 * MINUTE_MS,
  240 * MINUTE_MS,
  480 * MINUTE_MS,
];
/** How long a claimed mail is the claimer's: a server that died while sending leaves it to the next attempt. */
const LEASE_MS = 2 * MINUTE_MS;
/** Mails claimed in one round. */
const BATCH = 20;
/** The job's round when nothing asked for one sooner. */
export const DELIVERY_INTERVAL_MS = 5 * SECOND_MS;

export interface MailToSend extends Omit<MailContent, 'language'> {
  to: string;
  guestId: string | null;
  language: Language;
  headers?: Record<string, string>;
}

/**
 * Writes mails to the outbox and sends them. A request only writes the row (in its own transaction when it has
 * one) and asks for a round once that commits, so no request waits for SMTP and no mail is lost when SMTP fails:
 * a failed attempt leaves the row queued for the next one. Without SMTP_URL mails are `kept`: the outbox is where
 * they are read (the operator console).
 */
export class Mailer {
  readonly transport: Transporter | null;
  private round: Promise<void> | null = null;
  private again = false;

  constructor(private readonly ctx: Pick<ModuleContext, 'db' | 'config' | 'log' | 'now'>) {
    this.transport = ctx.config.smtpUrl
      ? nodemailer.createTransport({
          url: ctx.config.smtpUrl,
          connectionTimeout: 30 * SECOND_MS,
          greetingTimeout: 30 * SECOND_MS,
          socketTimeout: 60 * SECOND_MS,
        })
      : null;
  }

  get kind(): 'smtp' | 'outbox' {
    return this.transport ? 'smtp' : 'outbox';
  }

  /** Writes the mail (through `db`, a transaction's when the caller has one); answers its outbox id. */
  async enqueue(db: Database, mail: MailToSend): Promise<number> {
    const rendered = renderMail(mail);
    const now = this.ctx.now();
    const [row] = await db
      .insert(mailOutbox)
      .values({
        to: mail.to,
        guestId: mail.guestId,
        template: mail.template,
        language: mail.language,
        subject: rendered.subject,
        text: rendered.text,
        html: rendered.html,
        headers: mail.headers ?? {},
        state: this.transport ? 'queued' : 'kept',
        nextAttemptAt: now,
        created: now,
        sentAt: this.transport ? null : now,
      })
      .returning({ id: mailOutbox.id });
    if (this.transport) afterTransaction(() => this.kick());
    return row!.id;
  }

  /** Asks for a delivery round soon; a round running now is followed by one more. */
  kick(): void {
    if (this.round) {
      this.again = true;
      return;
    }
    this.round = (async () => {
      do {
        this.again = false;
        await this.deliverDue().catch((error: unknown) => this.ctx.log.error({ err: error }, 'mail delivery failed'));
      } while (this.again);
    })().finally(() => (this.round = null));
  }

  /** Resolves when no delivery round runs (tests wait for a round's result with it). */
  async idle(): Promise<void> {
    while (this.round) await this.round;
  }

  /** Claims the mails whose attempt is due and sends them; answers how many went out. */
  async deliverDue(): Promise<number> {
    if (!this.transport) return 0;
    const now = this.ctx.now();
    const { db } = this.ctx;
    const due = db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(inArray(mailOutbox.state, ['queued', 'sending']), lte(mailOutbox.nextAttemptAt, now)))
      .orderBy(asc(mailOutbox.nextAttemptAt), asc(mailOutbox.id))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    const claimed = await db
      .update(mailOutbox)
      .set({
        state: 'sending',
        attempts: sql`${mailOutbox.attempts} + 1`,
        nextAttemptAt: new Date(now.getTime() + LEASE_MS),
      })
      .where(inArray(mailOutbox.id, due))
      .returning();
    let sent = 0;
    for (const row of claimed) if (await this.attempt(row)) sent++;
    return sent;
  }

  private async attempt(row: OutboxRow): Promise<boolean> {
    const { db } = this.ctx;
    try {
      const info = await this.transport!.sendMail({
        from: this.ctx.config.mailFrom,
        to: row.to,
        subject: row.subject,
        text: row.text,
        html: row.html,
        headers: row.headers,
      });
      // The body held single-use links: once the mail is the recipient's, the outbox keeps only what it was.
      await db
        .update(mailOutbox)
        .set({ state: 'sent', sentAt: this.ctx.now(), text: '', html: '', lastError: null })
        .where(eq(mailOutbox.id, row.id));
      this.ctx.log.debug({ mail: row.id, messageId: info.messageId }, 'mail sent');
      return true;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const delay = RETRY_DELAYS_MS[row.attempts - 1];
      await db
        .update(mailOutbox)
        .set(
          delay === undefined
            ? { state: 'failed', lastError: message }
            : { state: 'queued', lastError: message, nextAttemptAt: new Date(this.ctx.now().getTime() + delay) },
        )
        .where(eq(mailOutbox.id, row.id));
      this.ctx.log.warn({ mail: row.id, attempts: row.attempts, err: error }, 'mail not sent');
      return false;
    }
  }

  close(): void {
    this.transport?.close();
  }
}

const mailers = new WeakMap<object, Mailer>();
/** The one mailer of a server (its context). */
export function mailerOf(ctx: ModuleContext): Mailer {
  let mailer = mailers.get(ctx);
  if (!mailer) mailers.set(ctx, (mailer = new Mailer(ctx)));
  return mailer;
}

const DAY_MS = 24 * 60 * MINUTE_MS;
/** How long the outbox keeps a mail that is done (sent, kept, failed): a month for the operator to look back. */
export const OUTBOX_KEPT_MS = 30 * DAY_MS;
/** How long a used or expired link's row stays (the answer LINK_USED / LINK_EXPIRED needs it for a while). */
export const TOKENS_KEPT_MS = 7 * DAY_MS;
export const PRUNE_INTERVAL_MS = 60 * MINUTE_MS;

/** Forgets mails done for a month and links expired for a week; answers how many of each went. */
export async function pruneMail(db: Database, now: Date): Promise<{ mails: number; tokens: number }> {
  const mails = await db
    .delete(mailOutbox)
    .where(
      and(
        inArray(mailOutbox.state, ['sent', 'kept', 'failed']),
        lte(mailOutbox.created, new Date(now.getTime() - OUTBOX_KEPT_MS)),
      ),
    )
    .returning({ id: mailOutbox.id });
  const tokens = await db
    .delete(mailTokens)
    .where(lte(mailTokens.expires, new Date(now.getTime() - TOKENS_KEPT_MS)))
    .returning({ hash: mailTokens.hash });
  return { mails: mails.length, tokens: tokens.length };
}
