import { PRIZE_BONUS_CODE, type CodeBenefit, type CodeCampaignBody } from '@velvet/contracts';
import type { Database } from '../../db/database';
import { createCampaign, createCodes } from './service';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The demo site's codes, valid from yesterday for a year, each with a single tier unless staggered. */
const DEMO: { code: string; redemptions: number | null; campaign: Omit<CodeCampaignBody, 'validFrom' | 'validTo'> }[] =
  [
    {
      code: 'VELVET10',
      redemptions: null,
      campaign: {
        name: 'Welcome: 10 coins and 3 free messages',
        kind: 'bonusCode',
        welcome: true,
        benefits: [
          { type: 'bonus', tiers: [{ from: 0, amount: 10 }] },
          { type: 'freeMessages', tiers: [{ from: 0, amount: 3 }] },
        ],
        conditions: { requireMobileAuth: false, vip: false },
      },
    },
    {
      code: 'TOPUP25',
      redemptions: 1000,
      campaign: {
        name: 'Promo: coins on top of the next top-up',
        kind: 'bonusCode',
        welcome: false,
        benefits: [
          {
            type: 'ontop',
            tiers: [
              { from: 40, amount: 10 },
              { from: 200, amount: 60 },
            ],
          } satisfies CodeBenefit,
        ],
        conditions: { requireMobileAuth: false, vip: false },
      },
    },
    {
      code: 'VIPGOLD',
      redemptions: 500,
      campaign: {
        name: 'VIP: messages by loyalty',
        kind: 'bonusCode',
        welcome: false,
        benefits: [
          {
            type: 'freeMessages',
            tiers: [
              { from: 0, amount: 3 },
              { from: 100, amount: 10 },
            ],
          },
        ],
        conditions: { requireMobileAuth: false, vip: true },
      },
    },
    {
      // What scratching a bonus-code voucher gives: its code is given only as vouchers, never typed.
      code: PRIZE_BONUS_CODE,
      redemptions: null,
      campaign: {
        name: 'Scratch card prize: 15 coins and 5 free messages',
        kind: 'bonusCode',
        welcome: false,
        benefits: [
          { type: 'bonus', tiers: [{ from: 0, amount: 15 }] },
          { type: 'freeMessages', tiers: [{ from: 0, amount: 5 }] },
        ],
        conditions: { requireMobileAuth: false, vip: false },
      },
    },
    {
      code: 'LUCKYCARD',
      redemptions: null,
      campaign: {
        name: 'A scratch card to scratch',
        kind: 'bonusCode',
        welcome: false,
        benefits: [{ type: 'bonusCode', tiers: [{ from: 0, amount: 1 }] }],
        conditions: { requireMobileAuth: false, vip: false },
      },
    },
  ];

export async function seedCodes(db: Database, now: Date): Promise<void> {
  const validFrom = new Date(now.getTime() - DAY_MS).toISOString();
  const validTo = new Date(now.getTime() + 365 * DAY_MS).toISOString();
  for (const { code, redemptions, campaign } of DEMO) {
    const created = await createCampaign(db, { ...campaign, validFrom, validTo }, null, now);
    await createCodes(db, created.id, { code, redemptions }, now);
  }
}
