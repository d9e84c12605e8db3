import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { conversionChatRemainingMs } from '@velvet/contracts';
import { formatCountdown } from '@velvet/i18n';
import { useShell, useSubject } from './ShellContext';

const TICK_MS = 1000;

/**
 * The logged-in guest's conversion chat countdown, from the end her profile carries (and the conversionChat push
 * changes while the page is open), ticking every second until it ends. It is personal, so it appears only after hydration, in a fixed box: nothing on the page moves.
 */
export function ConversionChatCountdown() {
  const { t } = useTranslation('shell');
  const { session } = useShell();
  const ends = useSubject(session.session$, null)?.guest.conversionChatEnds ?? null;
  const [now, setNow] = useState(() => Date.now());
  const running = conversionChatRemainingMs(ends, now) > 0;

  useEffect(() => {
    if (!ends) return;
    const tick = () => {
      const at = Date.now();
      setNow(at);
      if (conversionChatRemainingMs(ends, at) === 0) clearInterval(timer);
    };
    const timer = setInterval(tick, TICK_MS);
    // A countdown switched on while the page is open counts from now, not from the last tick before it.
    tick();
    return () => clearInterval(timer);
  }, [ends]);

  if (!running) return null;
  return (
    <div className="vv-conversion-chat" role="timer" aria-label={t('conversionChat.label')}>
      {t('conversionChat.countdown', { time: formatCountdown(conversionChatRemainingMs(ends, now)) })}
    </div>
  );
}
