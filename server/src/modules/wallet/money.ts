import type { Language } from '@velvet/contracts';
import type { Leg } from './service';

const LOCALES: Record<Language, string> = { de: 'de-DE', en: 'en-GB', nl: 'nl-NL', es: 'es-ES' };

/** One formatter per language: making one costs more than the rest of a balance answer. */
const COIN_FORMATS = Object.fromEntries(
  Object.entries(LOCALES).map(([language, locale]) => [
    language,
    new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }),
  ]),
) as Record<Language, Intl.NumberFormat>;

/** Coins show no decimals, grouped as the language does: 123456 hundredths → "1.234 VXC" in German. */
export function formatVxc(amountInHundredths: number, language: Language = 'en'): string {
  return `${COIN_FORMATS[language].format(Math.trunc(amountInHundredths / 100))} VXC`;
}

/** The performer's share of a sale, in percent; the rest goes to the platform. */
const PERFORMER_SHARE_PERCENT = 50;

/** The performer's part of a sale of `amount` hundredths, rounded down (the platform keeps the odd hundredth). */
export const performerShare = (amount: number) => Math.floor((amount * PERFORMER_SHARE_PERCENT) / 100);

/** Where the `amount` hundredths of a sale (paid chat time, show ticket, media) go: performer and platform. */
export function saleProceeds(actorId: number, amount: number): Leg[] {
  const share = performerShare(amount);
  return [
    { account: { kind: 'performer', id: actorId }, amount: share },
    { account: { kind: 'system', id: 'platform' }, amount: amount - share },
  ];
}
