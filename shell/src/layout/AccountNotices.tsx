import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lifecycleEndpoints } from '@velvet/contracts';
import { Button, Modal } from '@velvet/ui';
import { useShell } from './ShellContext';

/**
 * The data protection notice of a guest who has not accepted the version in force: the server says so on her
 * socket (dataProtection), so it is personal and shown only after hydration; accepting stores the version and
 * the time on the server, and every tab of hers drops it.
 */
export function DataProtectionNotice() {
  const { t } = useTranslation('shell');
  const { socket, platform, router, ui } = useShell();
  const [show, setShow] = useState(false);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    const subscription = socket.on('dataProtection').subscribe((message) => setShow(message.show));
    return () => subscription.unsubscribe();
  }, [socket]);
  if (!show) return null;
  const accept = async () => {
    setBusy(true);
    try {
      const state = await platform.api.rest(lifecycleEndpoints.closeAgbAndDataProtection, { body: { accepted: true } });
      setShow(state.show);
    } catch {
      ui.ui.toast(t('consent.failed'), 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="vv-consent" role="dialog" aria-labelledby="vv-consent-title" data-testid="data-protection">
      <h2 id="vv-consent-title">{t('consent.title')}</h2>
      <p>
        {t('consent.text')} <a href={router.href('termsOfService')}>{t('routes.termsOfService')}</a> ·{' '}
        <a href={router.href('dataProtection')}>{t('routes.dataProtection')}</a>
      </p>
      <Button busy={busy} onClick={() => void accept()}>
        {t('consent.accept')}
      </Button>
    </section>
  );
}

/** An operator locked the guest: she reads why before the page reloads into a visitor's session. */
export function LockedNotice() {
  const { t } = useTranslation('shell');
  const { socket } = useShell();
  const [reason, setReason] = useState<string | null>(null);
  useEffect(() => {
    const subscription = socket.on('guestLocked').subscribe((message) => setReason(message.reason));
    return () => subscription.unsubscribe();
  }, [socket]);
  const reload = () => window.location.reload();
  return (
    <Modal open={reason !== null} onClose={reload} title={t('locked.title')} closeLabel={t('common.close')}>
      <p>{t('locked.text', { reason })}</p>
      <Button onClick={reload}>{t('locked.ok')}</Button>
    </Modal>
  );
}
