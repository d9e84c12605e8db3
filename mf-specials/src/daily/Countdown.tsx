import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { DAILY_BONUS_TICK_MS, dailyBonusRemainingMs, dateInZone } from '@velvet/contracts';
import { useNow } from '@velvet/federation';
import { formatCountdown } from '@velvet/i18n';

/** What the countdown shows until the browser's clock runs it: as wide as a time, so nothing moves when it starts. */
const NO_TIME = '--:--:--';

/**
 * Time left until today's daily bonus ends at 23:59:59 Berlin time, ticking every second; the server's page and the
 * hydration show it blank (NO_TIME), the browser's clock starts it. `onDayEnd` runs once when a new Berlin day
 * begins, so the page can load the new offers.
 */
export function Countdown({ today, onDayEnd }: { today: string; onDayEnd: () => void }) {
  const { t } = useTranslation();
  const now = useNow(DAILY_BONUS_TICK_MS);
  const remaining = now === null ? null : dailyBonusRemainingMs(new Date(now));
  const ended = useRef(false);
  useEffect(() => {
    ended.current = false;
  }, [today]);
  useEffect(() => {
    if (now === null || ended.current || dateInZone(new Date(now)) === today) return;
    ended.current = true;
    onDayEnd();
  }, [now, today, onDayEnd]);
  return (
    <p className="specials-countdown" role="timer" aria-live="off">
      {t('daily.endsIn')}{' '}
      {remaining === null ? (
        <time>{NO_TIME}</time>
      ) : (
        <time dateTime={`PT${Math.floor(remaining / 1000)}S`}>{formatCountdown(remaining, { hours: 'clock' })}</time>
      )}
    </p>
  );
}
