import { and, count, eq, gt, sql } from 'drizzle-orm';
import { VIDEO_SHARE_MAILS_PER_HOUR, type Language, type VideoShareStatus } from '@velvet/contracts';
import { HttpError } from '../../http/endpoint';
import { findGuest } from '../auth/guests';
import { videoTitleCard } from '../media/exists';
import type { Auth, ModuleContext } from '../module';
import { normalEmail } from './newsletter';
import { mailerOf } from './outbox';
import { mailOutbox } from './schema';
import { siteLink, videoShareMessageIntro } from './templates';

const HOUR_MS = 60 * 60 * 1000;
/** How long the call waits for its mail to go out before it answers TIMEOUT (the mail still goes later). */
export const VIDEO_SHARE_WAIT_MS = 10_000;

export interface VideoShare {
  recipient: string;
  message: string;
  videoId: number;
  guestId: string;
}

/**
 * Mails a video's page from a guest to an address, with her message, through the outbox, and waits (at most
 * `waitMs`) for it to go out: OK when it went (or is kept, without a mail server), FAILED when the mail server
 * refused it, TIMEOUT when it is still on its way. The guest in the body must be the caller (403 otherwise); a guest
 * sends at most VIDEO_SHARE_MAILS_PER_HOUR such mails an hour (429 RATE_LIMITED), counted in the outbox under a
 * lock of hers, so requests at once cannot pass the limit together.
 */
export async function shareVideo(
  ctx: ModuleContext,
  auth: Auth & { loggedIn: true },
  share: VideoShare,
  language: Language,
  waitMs = VIDEO_SHARE_WAIT_MS,
): Promise<{ Status: VideoShareStatus }> {
  if (share.guestId !== auth.guestId) throw new HttpError(403, 'FORBIDDEN', 'A guest shares in her own name only');
  const to = normalEmail(share.recipient);
  const video = await videoTitleCard(ctx.db, share.videoId);
  if (!video) throw new HttpError(404, 'NOT_FOUND', `No video ${share.videoId}`);
  const guest = await findGuest(ctx.db, auth.guestId);
  const mailer = mailerOf(ctx);
  const now = ctx.now();
  const mailId = await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`video-share:${guest.id}`}))`);
    const [sent] = await tx
      .select({ n: count() })
      .from(mailOutbox)
      .where(
        and(
          eq(mailOutbox.guestId, guest.id),
          eq(mailOutbox.template, 'videoShare'),
          gt(mailOutbox.created, new Date(now.getTime() - HOUR_MS)),
        ),
      );
    if ((sent?.n ?? 0) >= VIDEO_SHARE_MAILS_PER_HOUR)
      throw new HttpError(429, 'RATE_LIMITED', `At most ${VIDEO_SHARE_MAILS_PER_HOUR} shared videos an hour`);
    return mailer.enqueue(tx, {
      to,
      guestId: guest.id,
      template: 'videoShare',
      language,
      name: null,
      link: siteLink(ctx.config.publicUrl, language, 'videoDetails', {
        actorName: video.actorName,
        videoId: String(video.id),
      }),
      values: { sender: guest.name, title: video.title, performer: video.performer },
      ...(share.message ? { body: `${videoShareMessageIntro(guest.name, language)} ${share.message}` } : {}),
    });
  });
  // The delivery round the commit asked for, or the end of the wait, whichever comes first.
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    mailer.idle(),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, waitMs);
    }),
  ]);
  clearTimeout(timer);
  const [row] = await ctx.db
    .select({ state: mailOutbox.state, lastError: mailOutbox.lastError })
    .from(mailOutbox)
    .where(eq(mailOutbox.id, mailId));
  if (row?.state === 'sent' || row?.state === 'kept') return { Status: 'OK' };
  if (row?.state === 'failed' || (row?.state === 'queued' && row.lastError !== null)) return { Status: 'FAILED' };
  return { Status: 'TIMEOUT' };
}
