import type { VoucherTypeId } from '@velvet/contracts';
import type { Database } from '../../db/database';
import { listPerformerCards } from '../performers/catalogue';
import { ensureDemoGuest } from '../auth/demo-guest';
import { voucherActors, vouchers } from './schema';

const DAY = 86_400_000;

/** The demo guest's vouchers. */
export async function seedAccount(db: Database, scale: number, now: number): Promise<void> {
  const guestId = await ensureDemoGuest(db);
  const grants: { type: VoucherTypeId; amount: number; days: number | null; limitedTo?: number }[] = [
    { type: 10, amount: 3, days: 30 },
    { type: 6, amount: 2, days: 14 },
    { type: 5, amount: 10, days: null },
    { type: 8, amount: 1, days: 7, limitedTo: 0 },
    { type: 7, amount: 2, days: 21 },
    { type: 2, amount: 5, days: 10, limitedTo: 1 },
  ];
  const performers = await listPerformerCards(db, 2);
  const copies = Math.max(1, Math.round(scale));
  for (let copy = 0; copy < copies; copy++) {
    for (const grant of grants) {
      const [row] = await db
        .insert(vouchers)
        .values({
          guestId,
          type: grant.type,
          amount: grant.amount,
          validFrom: new Date(now - DAY),
          validTo: grant.days === null ? null : new Date(now + grant.days * DAY),
        })
        .returning({ id: vouchers.id });
      const actor = grant.limitedTo === undefined ? undefined : performers[grant.limitedTo];
      if (actor) await db.insert(voucherActors).values({ voucherId: row!.id, actorId: actor.id });
    }
  }
}
