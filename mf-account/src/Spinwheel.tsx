import { useTranslation } from 'react-i18next';
import { SlotHost } from '@velvet/federation';
import { EmptyState } from '@velvet/ui';

/** The spinwheel page: hosts the widget the specials remote provides for it. */
export function Spinwheel() {
  const { t } = useTranslation();
  return (
    <section>
      <h1>{t('spinwheel.title')}</h1>
      <SlotHost
        slot="myAccount.spinwheel"
        className="mf-account__spinwheel"
        fallback={<EmptyState title={t('spinwheel.unavailable')} />}
      />
    </section>
  );
}
