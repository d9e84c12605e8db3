import { and, asc, count, desc, eq, gt, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  CHAT_SHOW_PLATFORM_ID,
  CHAT_SHOW_STATUS,
  LANGUAGES,
  TICKET_CREATION_TYPES,
  type CamShow,
  type Language,
  type TextInEveryLanguage,
  type LocalizedText,
  type TicketCreationType,
  type TicketErrorCode,
  type TicketMutationResult,
} from '@velvet/contracts';
import type { Database } from '../../db/database';
import { countedPage } from '../../db/page';
import { HttpError } from '../../http/endpoint';
import type { AgeGate } from '../auth/age';
import type { ModuleContext } from '../module';
import { spendVoucher } from '../account/service';
import { pushGuestVouchers, restoreVoucherUnit } from '../account/vouchers';
import { walletAccounts, walletEntries, walletTransfers } from '../wallet/schema';
import { performerShare, saleProceeds } from '../wallet/money';
import { pushBalance, transfer, type AccountRef } from '../wallet/service';
import { chatTicketHolders, chatTickets } from './schema';
import { performerAvatar } from '../performers/age';
import { performerCards, sedcardUrls } from '../performers/catalogue';
import { performerProfilePath } from '../performers/service';

/**
 * Ticket shows and cam shows (buyChatTicket, removeChatTicket). Creation types:
 * - C, chat ticket (the default): bought with coins at the ticket's price (a price of 0 is a free show);
 * - P, promo ticket: taken with the show's bonus code instead of coins;
 * - M, manual: the performer hands it to a guest; it cannot be bought (CREATION_TYPE_MISMATCH).
 * A ticket is bought once per guest (a second buy answers the first), never past its seats, until the show
 * ends; it can be given back before the show starts, and a bought one is refunded in full by a reverse transfer.
 * Every refusal is `success: false` with an errorCode, never an HTTP error.
 */

type TicketRow = typeof chatTickets.$inferSelect;

/** The coins of the ticket list. */
const TICKET_CURRENCY = { currency: 'VXC', symbol: 'VXC' } as const;
/** Sedcards shown with a ticket. */
const TICKET_SEDCARDS = 4;

const isRunning = (now: Date) => and(lte(chatTickets.startsAt, now), gt(chatTickets.endsAt, now));
const isListed = and(eq(chatTickets.status, CHAT_SHOW_STATUS), eq(chatTickets.platformId, CHAT_SHOW_PLATFORM_ID));

/**
 * The ticket that lets a guest into a show of this performer running at `now`, or null. A LIVESHOW chat start
 * needs one (403 TICKET_REQUIRED without).
 */
export async function hasShowAccess(
  db: Database,
  guestId: string,
  actorId: number,
  now: Date,
): Promise<{ ticketId: number } | null> {
  const [row] = await db
    .select({ ticketId: chatTickets.id })
    .from(chatTicketHolders)
    .innerJoin(chatTickets, eq(chatTickets.id, chatTicketHolders.ticketId))
    .where(
      and(
        eq(chatTicketHolders.guestId, guestId),
        eq(chatTickets.actorId, actorId),
        eq(chatTickets.status, CHAT_SHOW_STATUS),
        isRunning(now),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** The performers whose coming or running shows the guest holds a ticket for (their chat button opens the show). */
export async function showTicketActorIds(db: Database, guestId: string, now: Date): Promise<number[]> {
  const rows = await db
    .selectDistinct({ actorId: chatTickets.actorId })
    .from(chatTicketHolders)
    .innerJoin(chatTickets, eq(chatTickets.id, chatTicketHolders.ticketId))
    .where(
      and(
        eq(chatTicketHolders.guestId, guestId),
        eq(chatTickets.status, CHAT_SHOW_STATUS),
        gt(chatTickets.endsAt, now),
      ),
    );
  return rows.map((row) => row.actorId);
}

/** Who looks at tickets: the language of texts and links, and the guest whose tickets count as bought. */
export interface TicketViewer {
  language: Language;
  /** Only for a logged-in guest. */
  guestId: string | null;
  /** Which avatar of a rated performer the viewer sees. */
  gate: AgeGate;
}

const localized = (texts: TextInEveryLanguage): LocalizedText[] =>
  LANGUAGES.map((language) => ({ language, value: texts[language] }));

/** The spec's ticket and cam show fields of these tickets, as the viewer sees them. */
async function ticketViews(db: Database, rows: TicketRow[], viewer: TicketViewer, now: Date): Promise<CamShow[]> {
  if (rows.length === 0) return [];
  const ticketIds = rows.map((row) => row.id);
  const actorIds = [...new Set(rows.map((row) => row.actorId))];
  const [cards, sedcards, taken, held] = await Promise.all([
    performerCards(db, actorIds),
    sedcardUrls(db, actorIds, TICKET_SEDCARDS),
    db
      .select({ ticketId: chatTicketHolders.ticketId, holders: count() })
      .from(chatTicketHolders)
      .where(inArray(chatTicketHolders.ticketId, ticketIds))
      .groupBy(chatTicketHolders.ticketId),
    viewer.guestId
      ? db
          .select({ ticketId: chatTicketHolders.ticketId })
          .from(chatTicketHolders)
          .where(and(inArray(chatTicketHolders.ticketId, ticketIds), eq(chatTicketHolders.guestId, viewer.guestId)))
      : Promise.resolve([]),
  ]);
  const takenById = new Map(taken.map((t) => [t.ticketId, t.holders]));
  const bought = new Set(held.map((h) => h.ticketId));
  return rows.map((row) => {
    const actor = cards.get(row.actorId)!;
    const isBought = bought.has(row.id);
    const seatsLeft = Math.max(0, row.seats - (takenById.get(row.id) ?? 0));
    const ended = row.endsAt <= now;
    return {
      id: row.id,
      actorId: row.actorId,
      actorName: actor.name,
      actorLink: performerProfilePath(actor.name, viewer.language),
      price: { value: row.price, ...TICKET_CURRENCY },
      title: localized(row.title),
      description: localized(row.description),
      // What to do after buying is for those who bought.
      postBuyInfo: isBought ? localized(row.postBuyInfo) : [],
      sedcards: (sedcards.get(row.actorId) ?? []).map((url) => viewer.gate.image(url, actor.ageRating)),
      avatar: performerAvatar(viewer.gate, actor),
      start: row.startsAt.toISOString(),
      end: row.endsAt.toISOString(),
      isBought,
      isFree: row.price === 0,
      canBuy: !isBought && row.creationType !== 'M' && seatsLeft > 0 && !ended,
      hasStarted: row.startsAt <= now,
      // A promo ticket's code is the guest's secret to type; only a holder sees the one the show takes.
      bonusCode: isBought ? row.bonusCode : null,
      creationType: row.creationType as TicketCreationType,
      seatsLeft,
      actorOnline: actor.isOnline,
      isFeatured: row.isFeatured,
      isAutoFeatured: row.isAutoFeatured,
      isInternal: row.isInternal,
    };
  });
}

async function ticketView(db: Database, id: number, viewer: TicketViewer, now: Date): Promise<CamShow | null> {
  const rows = await db.select().from(chatTickets).where(eq(chatTickets.id, id));
  return (await ticketViews(db, rows, viewer, now))[0] ?? null;
}

/** Spec ticketChatList: the coming and running ticket shows of one performer, by start. */
export async function ticketChatList(
  db: Database,
  actorId: number,
  viewer: TicketViewer,
  now: Date,
): Promise<CamShow[]> {
  const rows = await db
    .select()
    .from(chatTickets)
    .where(and(eq(chatTickets.actorId, actorId), eq(chatTickets.status, CHAT_SHOW_STATUS), gt(chatTickets.endsAt, now)))
    .orderBy(asc(chatTickets.startsAt), asc(chatTickets.id));
  return ticketViews(db, rows, viewer, now);
}

export interface ChatShowListQuery {
  endDateFrom: Date;
  startDateTo: Date | null;
  first: number;
  offset: number;
  order: 'ASC' | 'DESC';
  /** Internal shows are listed only when asked for. */
  internal: boolean;
}

/** Spec chat show list: shows of platform 1502 with status ok ending after endDateFrom, by start. */
export async function chatShowList(
  db: Database,
  query: ChatShowListQuery,
  viewer: TicketViewer,
  now: Date,
): Promise<{ total: number; items: CamShow[] }> {
  const where = and(
    isListed,
    gt(chatTickets.endsAt, query.endDateFrom),
    query.startDateTo ? lte(chatTickets.startsAt, query.startDateTo) : undefined,
    eq(chatTickets.isInternal, query.internal),
  );
  const byStart = query.order === 'ASC' ? asc(chatTickets.startsAt) : desc(chatTickets.startsAt);
  const { items: rows, total } = await countedPage(
    db.select().from(chatTickets).where(where).orderBy(byStart, asc(chatTickets.id)).$dynamic(),
    db.select({ total: count() }).from(chatTickets).where(where),
    { limit: query.first, offset: query.offset },
  );
  return { total, items: await ticketViews(db, rows, viewer, now) };
}

/** A refusal inside a ticket transaction: rolls it back and answers success false with this code. */
class TicketRefusal extends Error {
  constructor(readonly errorCode: TicketErrorCode) {
    super(errorCode);
  }
}

const refused = (errorCode: TicketErrorCode, show: CamShow | null = null): TicketMutationResult => ({
  success: false,
  errorCode,
  ticket: show,
  show,
});

/** The ticket row, locked for the transaction so buys and returns of one show run one after the other. */
async function lockTicket(tx: Database, id: number): Promise<TicketRow | null> {
  const [row] = await tx.select().from(chatTickets).where(eq(chatTickets.id, id)).for('update');
  return row ?? null;
}

const sameInstant = (text: string, at: Date) => {
  const asked = new Date(text);
  return !Number.isNaN(asked.getTime()) && asked.getTime() === at.getTime();
};

export interface BuyTicketRequest {
  id: number;
  modelId: number;
  creationType: string;
  /** The show's start as the guest saw it; a different one is another show (NOT_FOUND). */
  start?: string | null | undefined;
  promoCode?: string | null | undefined;
}

const ticketScope = (guestId: string) => `chat.ticket:${guestId}`;

/**
 * Spec buyChatTicket. In one transaction with the ticket locked: the holder row first (a guest holds a ticket
 * once, so a second buy answers success without a charge), the seats counted, then for a chat ticket one
 * transfer guest → performer's earnings + platform with a key per holding, so nothing is charged twice.
 */
export async function buyChatTicket(
  ctx: Pick<ModuleContext, 'db' | 'hub' | 'now' | 'statusBar' | 'hooks' | 'images'>,
  viewer: TicketViewer,
  request: BuyTicketRequest,
  now: Date,
): Promise<TicketMutationResult> {
  const guestId = viewer.guestId;
  if (!guestId) return refused('LOGIN_REQUIRED');
  if (!(TICKET_CREATION_TYPES as readonly string[]).includes(request.creationType))
    return refused('CREATION_TYPE_MISMATCH');
  let charged = false;
  let voucherId: number | null = null;
  try {
    await ctx.db.transaction(async (tx) => {
      const ticket = await lockTicket(tx, request.id);
      if (
        !ticket ||
        ticket.actorId !== request.modelId ||
        ticket.status !== CHAT_SHOW_STATUS ||
        (request.start && !sameInstant(request.start, ticket.startsAt))
      )
        throw new TicketRefusal('NOT_FOUND');
      const [holding] = await tx
        .select({ guestId: chatTicketHolders.guestId })
        .from(chatTicketHolders)
        .where(and(eq(chatTicketHolders.ticketId, ticket.id), eq(chatTicketHolders.guestId, guestId)));
      if (holding) return;
      if (ticket.creationType === 'M' || request.creationType !== ticket.creationType)
        throw new TicketRefusal('CREATION_TYPE_MISMATCH');
      if (ticket.endsAt <= now) throw new TicketRefusal('SHOW_ENDED');
      if (
        ticket.creationType === 'P' &&
        (!ticket.bonusCode || request.promoCode?.trim().toUpperCase() !== ticket.bonusCode.toUpperCase())
      )
        throw new TicketRefusal('INVALID_PROMO_CODE');
      const [taken] = await tx
        .select({ holders: count() })
        .from(chatTicketHolders)
        .where(eq(chatTicketHolders.ticketId, ticket.id));
      if ((taken?.holders ?? 0) >= ticket.seats) throw new TicketRefusal('SOLD_OUT');
      const [holder] = await tx
        .insert(chatTicketHolders)
        .values({ ticketId: ticket.id, guestId, creationType: ticket.creationType, boughtAt: now })
        .returning({ boughtAt: chatTicketHolders.boughtAt });
      if (ticket.creationType !== 'C' || ticket.price === 0) return;
      // A show ticket voucher that holds for her pays instead of her coins; the platform pays the performer her share.
      voucherId = await spendVoucher(tx, guestId, ticketVoucherType(ticket), ticket.actorId, now);
      const share = performerShare(ticket.price);
      const { transferId } = await transfer(tx, {
        reason: voucherId === null ? 'purchase.cam_show_ticket' : 'voucher.cam_show_ticket',
        at: now,
        legs:
          voucherId === null
            ? [
                { account: { kind: 'guest', id: guestId }, amount: -ticket.price },
                ...saleProceeds(ticket.actorId, ticket.price),
              ]
            : [
                { account: { kind: 'system', id: 'platform' }, amount: -share },
                { account: { kind: 'performer', id: ticket.actorId }, amount: share },
              ],
        idempotency: { scope: ticketScope(guestId), key: `${ticket.id}:${holder!.boughtAt.toISOString()}` },
        metadata: { ticketId: ticket.id, actorId: ticket.actorId, price: ticket.price, voucherId },
      });
      await tx
        .update(chatTicketHolders)
        .set({ transferId })
        .where(and(eq(chatTicketHolders.ticketId, ticket.id), eq(chatTicketHolders.guestId, guestId)));
      charged = voucherId === null;
    });
  } catch (error) {
    const code = refusalCode(error);
    if (!code) throw error;
    return refused(code, await ticketView(ctx.db, request.id, viewer, now));
  }
  if (charged) await pushBalance(ctx, guestId);
  if (voucherId !== null) await pushGuestVouchers(ctx, guestId);
  const show = await ticketView(ctx.db, request.id, viewer, now);
  return { success: true, errorCode: null, ticket: show, show };
}

function refusalCode(error: unknown): TicketErrorCode | null {
  if (error instanceof TicketRefusal) return error.errorCode;
  if (error instanceof HttpError && error.code === 'INSUFFICIENT_FUNDS') return 'INSUFFICIENT_FUNDS';
  return null;
}

/** Voucher types of show tickets: an internal (private) show's ticket, and a public live show's. */
const ticketVoucherType = (ticket: TicketRow) => (ticket.isInternal ? 8 : 7);

/** The voucher that paid a ticket's transfer, or null when coins did. */
async function voucherOfTransfer(tx: Database, transferId: string): Promise<number | null> {
  const [row] = await tx
    .select({ metadata: walletTransfers.metadata })
    .from(walletTransfers)
    .where(eq(walletTransfers.id, transferId));
  const voucherId = row?.metadata.voucherId;
  return typeof voucherId === 'number' ? voucherId : null;
}

/** The legs that undo a transfer: each account gets back what it gave or gives back what it got. */
async function reverseLegs(tx: Database, transferId: string) {
  const entries = await tx
    .select({ kind: walletAccounts.kind, ownerId: walletAccounts.ownerId, amount: walletEntries.amount })
    .from(walletEntries)
    .innerJoin(walletAccounts, eq(walletAccounts.id, walletEntries.accountId))
    .where(eq(walletEntries.transferId, transferId));
  return entries.map((entry) => ({
    account: { kind: entry.kind, id: entry.ownerId } as AccountRef,
    amount: -entry.amount,
  }));
}

/**
 * Spec removeChatTicket: gives a ticket back before its show starts; a bought one is refunded in full by the
 * reverse of its transfer (once: keyed by that transfer). After the start: SHOW_STARTED.
 */
export async function removeChatTicket(
  ctx: Pick<ModuleContext, 'db' | 'hub' | 'now' | 'statusBar' | 'hooks' | 'images'>,
  viewer: TicketViewer,
  id: number,
  now: Date,
): Promise<TicketMutationResult> {
  const guestId = viewer.guestId;
  if (!guestId) return refused('LOGIN_REQUIRED');
  let refunded = false;
  let restoredVoucher: number | null = null;
  try {
    await ctx.db.transaction(async (tx) => {
      const ticket = await lockTicket(tx, id);
      if (!ticket) throw new TicketRefusal('NOT_FOUND');
      const [holder] = await tx
        .select()
        .from(chatTicketHolders)
        .where(and(eq(chatTicketHolders.ticketId, id), eq(chatTicketHolders.guestId, guestId)));
      if (!holder) throw new TicketRefusal('NOT_BOUGHT');
      if (ticket.endsAt <= now) throw new TicketRefusal('SHOW_ENDED');
      if (ticket.startsAt <= now) throw new TicketRefusal('SHOW_STARTED');
      await tx
        .delete(chatTicketHolders)
        .where(and(eq(chatTicketHolders.ticketId, id), eq(chatTicketHolders.guestId, guestId)));
      if (!holder.transferId) return;
      await transfer(tx, {
        reason: 'refund.cam_show_ticket',
        at: now,
        legs: await reverseLegs(tx, holder.transferId),
        idempotency: { scope: ticketScope(guestId), key: `refund:${holder.transferId}` },
        metadata: { ticketId: id, refundOf: holder.transferId },
      });
      // A ticket a voucher paid for gives the voucher's unit back instead of coins.
      restoredVoucher = await voucherOfTransfer(tx, holder.transferId);
      if (restoredVoucher !== null) await restoreVoucherUnit(tx, restoredVoucher);
      refunded = restoredVoucher === null;
    });
  } catch (error) {
    const code = refusalCode(error);
    if (!code) throw error;
    return refused(code, await ticketView(ctx.db, id, viewer, now));
  }
  if (refunded) await pushBalance(ctx, guestId);
  if (restoredVoucher !== null) await pushGuestVouchers(ctx, guestId);
  const show = await ticketView(ctx.db, id, viewer, now);
  return { success: true, errorCode: null, ticket: show, show };
}

/** Shows of platform 1502 with status ok running at `now` (for the show job and the performer flag). */
export const runningShows = (now: Date): SQL => and(isListed, isRunning(now))!;

/** Guests holding a ticket of a show. */
export async function ticketHolders(db: Database, ticketId: number): Promise<string[]> {
  const rows = await db
    .select({ guestId: chatTicketHolders.guestId })
    .from(chatTicketHolders)
    .where(eq(chatTicketHolders.ticketId, ticketId));
  return rows.map((row) => row.guestId);
}

/** Raw SQL of "a show of this performer runs now", for updates of the catalogue's show flag. */
export const hasRunningShow =
  (now: Date) =>
  (performerId: AnyPgColumn): SQL =>
    sql`exists (select 1 from ${chatTickets} where ${chatTickets.actorId} = ${performerId} and ${runningShows(now)})`;
