import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { usePlatform } from '@velvet/federation';
import { EmptyState } from '@velvet/ui';

const SLOT = 'myAccount.spinwheel';

/** The spinwheel page: hosts the widget the specials remote provides for it. */
export function Spinwheel() {
  const platform = usePlatform();
  const { t } = useTranslation();
  const host = useRef<HTMLDivElement>(null);
  const available = platform.slots.has(SLOT);
  useEffect(() => {
    if (!available || !host.current) return;
    return platform.slots.render(SLOT, host.current);
  }, [platform, available]);
  return (
    <section>
      <h1>{t('spinwheel.title')}</h1>
      {available ? (
        <div ref={host} className="mf-account__spinwheel" />
      ) : (
        <EmptyState title={t('spinwheel.unavailable')} />
      )}
    </section>
  );
}
