import { useTranslation } from 'react-i18next';
import { InPageIncentive, useGuest, usePlatform } from '@velvet/federation';
import { LoginPrompt } from '@velvet/ui';
import { Messenger } from './Messenger';
import { Recommendations } from './Recommendations';

/**
 * The messenger route, with the inPage incentives the operator defined for it above the page (never inside a
 * conversation, where the guest writes).
 */
export function MessengerApp() {
  return (
    <>
      <InPageIncentive />
      <MessengerPage />
    </>
  );
}

/** Conversations for guests, a login prompt and performers to meet for visitors. */
function MessengerPage() {
  const platform = usePlatform();
  const { t } = useTranslation();
  const guest = useGuest();
  if (guest.flags.loggedIn) return <Messenger key={guest.id} />;
  return (
    <div className="mf-messenger">
      <h1>{t('title')}</h1>
      <LoginPrompt text={t('login.text')} buttonLabel={t('login.button')} ui={platform.ui} />
      <Recommendations />
    </div>
  );
}
