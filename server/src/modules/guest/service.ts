import { eq } from 'drizzle-orm';
import { LANGUAGES, type Guest, type Language } from '@velvet/contracts';
import type { Database } from '../../db/database';
import { HttpError } from '../../http/endpoint';
import { guests, type GuestRow } from '../auth/schema';
import { balanceOf } from '../wallet/accounts';

const LOCALES: Record<Language, string> = { de: 'de-DE', en: 'en-GB', nl: 'nl-NL', es: 'es-ES' };

/** One formatter per language: making one costs more than the rest of a balance answer. */
const COIN_FORMATS = Object.fromEntries(
  Object.entries(LOCALES).map(([language, locale]) => [
    language,
    new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }),
  ]),
) as Record<Language, Intl.NumberFormat>;

/** VXC shows no decimals (spec part 1, currency display): 123456 hundredths → "1.234 VXC" in German. */
export function formatVxc(amountInHundredths: number, language: Language = 'en'): string {
  return `${COIN_FORMATS[language].format(Math.trunc(amountInHundredths / 100))} VXC`;
}

export const asLanguage = (value: string): Language =>
  (LANGUAGES as readonly string[]).includes(value) ? (value as Language) : 'en';

/** A guest's coin balance in hundredths, as the wallet's ledger keeps it. */
export const readBalance = (db: Database, guestId: string): Promise<number> => balanceOf(db, guestId);

export async function findGuest(db: Database, guestId: string): Promise<GuestRow> {
  const [row] = await db.select().from(guests).where(eq(guests.id, guestId));
  if (!row) throw new HttpError(401, 'TOKEN_INVALID', 'The guest of this token no longer exists');
  return row;
}

/** The contract's guest shape of a row. */
export async function guestView(db: Database, row: GuestRow): Promise<Guest> {
  const language = asLanguage(row.language);
  const amount = await readBalance(db, row.id);
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    avatarUrl: row.avatarUrl,
    language,
    flags: {
      loggedIn: !row.anonymous,
      anonymous: row.anonymous,
      locked: row.locked,
      vip: row.vip,
      vxselect: row.vxselect,
      tvSubscriber: row.tvSubscriber,
      formerTvSubscriber: row.formerTvSubscriber,
      payingCustomer: row.payingCustomer,
      avs: row.avsStatus === 'accepted',
      operator: row.operator,
    },
    avsStatus: row.avsStatus as Guest['avsStatus'],
    balance: { amount, formatted: formatVxc(amount, language) },
  };
}
