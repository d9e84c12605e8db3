import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DAILY_BONUS_TICK_MS, dailyBonusRemainingMs, dateInZone } from '@velvet/contracts';
import { formatCountdown } from '../format';

/**
 * Time left until today's daily bonus ends at 23:59:59 Berlin time, ticking every second. `onDayEnd` runs once
 * when a new Berlin day begins, so the page can load the new offers.
 */
export function Countdown({ today, onDayEnd }: { today: string; onDayEnd: () => void }) {
  const { t } = useTranslation();
  const [remaining, setRemaining] = useState(() => dailyBonusRemainingMs(new Date()));
  const ended = useRef(false);
  useEffect(() => {
    ended.current = false;
    const timer = setInterval(() => {
      const now = new Date();
      setRemaining(dailyBonusRemainingMs(now));
      if (dateInZone(now) !== today && !ended.current) {
        ended.current = true;
        onDayEnd();
      }
    }, DAILY_BONUS_TICK_MS);
    return () => clearInterval(timer);
  }, [today, onDayEnd]);
  return (
    <p className="specials-countdown" role="timer" aria-live="off">
      {t('daily.endsIn')} <time dateTime={`PT${Math.floor(remaining / 1000)}S`}>{formatCountdown(remaining)}</time>
    </p>
  );
}
