import { randomInt } from 'node:crypto';
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import {
  PRIZE_BONUS_CODE,
  type BonusCodeView,
  type CodeCampaign,
  type CodeCampaignBody,
  type CodeRefusal,
  type CreateCodesBody,
  type RedeemedBonus,
} from '@velvet/contracts';
import type { Database } from '../../db/database';
import { HttpError } from '../../http/endpoint';
import { isVipGuest } from '../auth/guests';
import { verificationsOf } from '../lifecycle/pincall';
import { grantReward } from '../specials/rewards';
import { loyaltyPoints } from '../specials/service';
import { offerTopUpBonus, reachedTier, topUpBonusWaiting } from '../wallet/topup-bonus';
import { codeCampaigns, codeRedemptions, codes } from './schema';

type Campaign = typeof codeCampaigns.$inferSelect;
type Code = typeof codes.$inferSelect;

/** Guests type codes in any case; they are kept upper case. */
export const normalizeCode = (code: string) => code.trim().toUpperCase();

/** The HTTP status of each refusal: unknown 404, a condition she does not meet 403, the rest a conflict. */
const REFUSAL_STATUS: Record<CodeRefusal, number> = {
  CODE_NOT_FOUND: 404,
  CODE_NOT_VALID_YET: 409,
  CODE_EXPIRED: 410,
  CODE_USED_UP: 409,
  CODE_ALREADY_REDEEMED: 409,
  MOBILE_AUTH_REQUIRED: 403,
  VIP_REQUIRED: 403,
};
const REFUSAL_TEXT: Record<CodeRefusal, string> = {
  CODE_NOT_FOUND: 'There is no such code',
  CODE_NOT_VALID_YET: 'This code cannot be redeemed yet',
  CODE_EXPIRED: 'This code has expired',
  CODE_USED_UP: 'This code has been used up',
  CODE_ALREADY_REDEEMED: 'You have redeemed this code already',
  MOBILE_AUTH_REQUIRED: 'This code needs a verified mobile number',
  VIP_REQUIRED: 'This code is for VIP members',
};
const refused = (reason: CodeRefusal) => new HttpError(REFUSAL_STATUS[reason], reason, REFUSAL_TEXT[reason]);

/** The on-top bonus of a campaign is offered under this source, once per guest. */
const onTopSource = (campaignId: number) => `code:${campaignId}`;

async function findCode(db: Database, code: string): Promise<{ code: Code; campaign: Campaign } | null> {
  const [row] = await db
    .select({ code: codes, campaign: codeCampaigns })
    .from(codes)
    .innerJoin(codeCampaigns, eq(codeCampaigns.id, codes.campaignId))
    .where(eq(codes.code, normalizeCode(code)));
  return row ?? null;
}

/**
 * Why the guest cannot redeem the code now, or null: the code's own state first (unknown, its campaign's days,
 * redeemed by her, used up), then the campaign's conditions.
 */
async function refusalOf(
  db: Database,
  found: { code: Code; campaign: Campaign } | null,
  guestId: string,
  now: Date,
): Promise<CodeRefusal | null> {
  // The prize code comes only with a bonus-code voucher; typed in, it is no code.
  if (!found || found.code.code === PRIZE_BONUS_CODE) return 'CODE_NOT_FOUND';
  const { code, campaign } = found;
  const outside = outsideDays(campaign, now);
  if (outside) return outside;
  const [redeemed] = await db
    .select({ id: codeRedemptions.id })
    .from(codeRedemptions)
    .where(
      and(
        eq(codeRedemptions.guestId, guestId),
        campaign.welcome
          ? sql`(${codeRedemptions.campaignId} = ${campaign.id} or ${codeRedemptions.welcome})`
          : eq(codeRedemptions.campaignId, campaign.id),
      ),
    );
  if (redeemed) return 'CODE_ALREADY_REDEEMED';
  if (code.remaining === 0) return 'CODE_USED_UP';
  return unmetCondition(db, campaign, guestId);
}

const outsideDays = (campaign: Campaign, now: Date): CodeRefusal | null =>
  now < campaign.validFrom ? 'CODE_NOT_VALID_YET' : now >= campaign.validTo ? 'CODE_EXPIRED' : null;

/** The campaign's condition the guest does not meet (VIP, a verified mobile number), or null. */
async function unmetCondition(db: Database, campaign: Campaign, guestId: string): Promise<CodeRefusal | null> {
  if (campaign.requireVip && !(await isVipGuest(db, { guestId, loggedIn: true }))) return 'VIP_REQUIRED';
  if (campaign.requireMobileAuth && !(await verificationsOf(db, guestId)).some((v) => v.verified))
    return 'MOBILE_AUTH_REQUIRED';
  return null;
}

export async function canRedeem(db: Database, guestId: string, code: string, now: Date) {
  const reason = await refusalOf(db, await findCode(db, code), guestId, now);
  return { success: reason === null, reason };
}

export async function bonusCode(db: Database, code: string): Promise<BonusCodeView> {
  const found = await findCode(db, code);
  if (!found) throw refused('CODE_NOT_FOUND');
  const { campaign } = found;
  return {
    code: found.code.code,
    config: {
      containsTopUpBenefit: campaign.benefits.some((b) => b.type === 'ontop'),
      validTo: campaign.validTo.toISOString(),
      conditions: { requireMobileAuth: campaign.requireMobileAuth, vip: campaign.requireVip },
      benefits: campaign.benefits,
    },
    remainingCount: found.code.remaining,
  };
}

/**
 * Redeems a code for the guest in one transaction: her redemption row first (the unique index makes a parallel
 * redemption of the same campaign wait and then find it taken), then one of the code's redemptions, then its
 * benefits under a claim of the campaign. Any refusal rolls the whole redemption back, so a refused code grants
 * nothing. `coins` tells the caller to push the balance.
 */
export async function redeem(
  db: Database,
  request: { guestId: string; code: string; now: Date },
): Promise<{ bonus: RedeemedBonus; coins: boolean }> {
  const { guestId, now } = request;
  return db.transaction(async (tx) => {
    const found = await findCode(tx, request.code);
    const reason = await refusalOf(tx, found, guestId, now);
    if (reason) throw refused(reason);
    const { code, campaign } = found!;
    const [redemption] = await tx
      .insert(codeRedemptions)
      .values({ campaignId: campaign.id, codeId: code.id, guestId, welcome: campaign.welcome, createdAt: now })
      .onConflictDoNothing()
      .returning({ id: codeRedemptions.id });
    if (!redemption) throw refused('CODE_ALREADY_REDEEMED');
    await takeRedemption(tx, code);
    return grantBenefits(tx, { guestId, code, campaign, claim: `code:${campaign.id}`, now });
  });
}

/** One of a limited code's redemptions, with a guarded update (parallel redemptions cannot take the last twice). */
async function takeRedemption(tx: Database, code: Code): Promise<void> {
  if (code.remaining === null) return;
  const [taken] = await tx
    .update(codes)
    .set({ remaining: sql`${codes.remaining} - 1` })
    .where(and(eq(codes.id, code.id), gt(codes.remaining, 0)))
    .returning({ id: codes.id });
  if (!taken) throw refused('CODE_USED_UP');
}

/**
 * Each benefit of the campaign at the tier the guest reaches: the on-top bonus is offered to the wallet for her next
 * top-up, everything else goes through the reward engine under `claim` and the benefit's index, so it comes once.
 */
async function grantBenefits(
  tx: Database,
  options: { guestId: string; code: Code; campaign: Campaign; claim: string; now: Date },
): Promise<{ bonus: RedeemedBonus; coins: boolean }> {
  const { guestId, code, campaign, now } = options;
  const points = await loyaltyPoints(tx, guestId, now);
  const granted: RedeemedBonus['granted'] = [];
  let onTop: RedeemedBonus['onTop'] = null;
  let coins = false;
  for (const [index, benefit] of campaign.benefits.entries()) {
    if (benefit.type === 'ontop') {
      await offerTopUpBonus(tx, {
        guestId,
        source: onTopSource(campaign.id),
        tiers: benefit.tiers,
        validTo: campaign.validTo,
        at: now,
      });
      onTop = benefit.tiers;
      continue;
    }
    const tier = reachedTier(benefit.tiers, points);
    if (!tier) continue;
    const grant = await grantReward(tx, {
      guestId,
      claim: `${options.claim}:${index}`,
      source: 'code',
      type: benefit.type,
      value: tier.amount,
      at: now,
    });
    coins ||= grant.coins;
    granted.push({ type: benefit.type, amount: grant.reward.value });
  }
  return { bonus: { code: code.code, granted, onTop, welcome: campaign.welcome }, coins };
}

/**
 * Redeems the code of a bonus-code voucher inside the transaction that took the voucher's unit: the campaign's days
 * and conditions hold as for a typed code, a limited code gives up one redemption, and the benefits are granted
 * under the voucher's `claim`. A voucher is the guest's own right to the code, so the once-per-campaign rule of
 * typed codes does not apply; each unit redeems it once. A refusal rolls the caller's transaction back.
 */
export async function redeemVoucherCode(
  tx: Database,
  use: { guestId: string; code: string; claim: string; now: Date },
): Promise<{ bonus: RedeemedBonus; coins: boolean }> {
  const found = await findCode(tx, use.code);
  if (!found) throw refused('CODE_NOT_FOUND');
  const reason =
    outsideDays(found.campaign, use.now) ??
    (found.code.remaining === 0 ? 'CODE_USED_UP' : await unmetCondition(tx, found.campaign, use.guestId));
  if (reason) throw refused(reason);
  await takeRedemption(tx, found.code);
  return grantBenefits(tx, { guestId: use.guestId, ...found, claim: use.claim, now: use.now });
}

/** Whether the guest redeemed this promo code and its on-top bonus still waits for her top-up. */
export async function hasOnTopInstance(db: Database, guestId: string, code: string, now: Date): Promise<boolean> {
  const found = await findCode(db, code);
  return found !== null && topUpBonusWaiting(db, guestId, onTopSource(found.campaign.id), now);
}

function campaignView(row: Campaign, counts: { codes: number; redemptions: number }): CodeCampaign {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    welcome: row.welcome,
    benefits: row.benefits,
    conditions: { requireMobileAuth: row.requireMobileAuth, vip: row.requireVip },
    validFrom: row.validFrom.toISOString(),
    validTo: row.validTo.toISOString(),
    createdAt: row.createdAt.toISOString(),
    ...counts,
  };
}

export async function listCampaigns(db: Database): Promise<CodeCampaign[]> {
  const rows = await db
    .select({
      campaign: codeCampaigns,
      codes: sql<number>`(select count(*) from ${codes} where ${codes.campaignId} = ${codeCampaigns.id})::int`,
      redemptions: sql<number>`(select count(*) from ${codeRedemptions} where ${codeRedemptions.campaignId} = ${codeCampaigns.id})::int`,
    })
    .from(codeCampaigns)
    .orderBy(desc(codeCampaigns.createdAt), desc(codeCampaigns.id))
    .limit(CAMPAIGNS_LISTED);
  return rows.map((row) => campaignView(row.campaign, row));
}
const CAMPAIGNS_LISTED = 200;

export async function createCampaign(
  db: Database,
  body: CodeCampaignBody,
  operatorId: string | null,
  now: Date,
): Promise<CodeCampaign> {
  const validFrom = new Date(body.validFrom);
  const validTo = new Date(body.validTo);
  if (validTo <= validFrom) throw new HttpError(400, 'VALIDATION_FAILED', 'validTo must come after validFrom');
  if (new Set(body.benefits.map((b) => b.type)).size !== body.benefits.length)
    throw new HttpError(400, 'VALIDATION_FAILED', 'Each benefit type may appear once');
  const [row] = await db
    .insert(codeCampaigns)
    .values({
      name: body.name,
      kind: body.kind,
      welcome: body.welcome,
      benefits: body.benefits,
      requireMobileAuth: body.conditions.requireMobileAuth,
      requireVip: body.conditions.vip,
      validFrom,
      validTo,
      createdBy: operatorId,
      createdAt: now,
    })
    .returning();
  return campaignView(row!, { codes: 0, redemptions: 0 });
}

/** Letters and digits a reader cannot mistake for one another (no 0/O, 1/I/L). */
const SCRATCH_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const scratchCode = () =>
  Array.from({ length: 3 }, () =>
    Array.from({ length: 4 }, () => SCRATCH_ALPHABET[randomInt(SCRATCH_ALPHABET.length)]).join(''),
  ).join('-');

/**
 * A campaign's new codes: a bonus code campaign gets one named code with its redemptions (null: unlimited), a
 * scratch card campaign `count` cards of one redemption each, made up here (about 58 bits each, so a guess hits
 * none; a code that exists already is drawn again).
 */
export async function createCodes(db: Database, campaignId: number, body: CreateCodesBody, now: Date) {
  const [campaign] = await db.select().from(codeCampaigns).where(eq(codeCampaigns.id, campaignId));
  if (!campaign) throw new HttpError(404, 'NOT_FOUND', 'Campaign not found');
  if ('code' in body) {
    if (campaign.kind !== 'bonusCode')
      throw new HttpError(400, 'VALIDATION_FAILED', 'A scratch card campaign makes up its own codes: send count');
    const rows = await db
      .insert(codes)
      .values({ campaignId, code: normalizeCode(body.code), remaining: body.redemptions, createdAt: now })
      .onConflictDoNothing()
      .returning();
    if (rows.length === 0) throw new HttpError(409, 'CODE_EXISTS', 'Another campaign has this code');
    return { codes: rows.map((row) => ({ code: row.code, remainingCount: row.remaining })) };
  }
  if (campaign.kind !== 'scratchCard')
    throw new HttpError(400, 'VALIDATION_FAILED', 'A bonus code campaign takes a named code: send code');
  const made: Code[] = [];
  while (made.length < body.count) {
    const rows = await db
      .insert(codes)
      .values(
        Array.from({ length: body.count - made.length }, () => ({
          campaignId,
          code: scratchCode(),
          remaining: 1,
          createdAt: now,
        })),
      )
      .onConflictDoNothing()
      .returning();
    made.push(...rows);
  }
  return { codes: made.map((row) => ({ code: row.code, remainingCount: row.remaining })) };
}
