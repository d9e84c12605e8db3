import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CHANNEL_STORAGE_KEY, messengerEndpoints, type SlotProps } from '@velvet/contracts';
import { useLoggedIn, usePlatform } from '@velvet/federation';
import { COMMON_NAMESPACE } from '@velvet/i18n';
import { Button } from '@velvet/ui';

/**
 * The profile's way to the conversation with the performer: opens it (made on first contact) as the messenger's
 * selected channel, which the messenger restores when it starts. Visitors are asked to log in.
 */
export function MessageButton({ actorId }: SlotProps<'actorProfile.message'>) {
  const { t } = useTranslation();
  const platform = usePlatform();
  const loggedIn = useLoggedIn();
  const [busy, setBusy] = useState(false);
  const open = async () => {
    if (!loggedIn) return platform.ui.open('login');
    setBusy(true);
    try {
      const { channel } = await platform.api.rest(messengerEndpoints.touchChannel, { body: { actorId } });
      window.localStorage.setItem(CHANNEL_STORAGE_KEY, String(channel.id));
      platform.router.navigate('messenger');
    } catch {
      platform.ui.toast(t('errorTitle', { ns: COMMON_NAMESPACE }), 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="secondary" busy={busy} onClick={() => void open()}>
      {t('profileMessage')}
    </Button>
  );
}
