import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mailEndpoints, type NotificationSettings } from '@velvet/contracts';
import { LoadState, useGuest, useLoaded, usePlatform } from '@velvet/federation';
import { Button } from '@velvet/ui';

/** The error code of a failed REST call (the SDK's errors carry one). */
const codeOf = (error: unknown) => (error as { code?: unknown } | null)?.code;

function Settings({
  initial,
  onSaved,
}: {
  initial: NotificationSettings;
  onSaved: (next: NotificationSettings) => void;
}) {
  const platform = usePlatform();
  const { t } = useTranslation();
  const [settings, setSettings] = useState(initial);
  const [wanted, setWanted] = useState(
    () => new Set(initial.newsletters.filter((n) => n.state !== 'off').map((n) => n.typeId)),
  );
  const [busy, setBusy] = useState<'save' | 'resend' | null>(null);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);

  const toggle = (typeId: number, on: boolean) =>
    setWanted((current) => {
      const next = new Set(current);
      if (on) next.add(typeId as never);
      else next.delete(typeId as never);
      return next;
    });

  const save = async () => {
    setBusy('save');
    setMessage(null);
    try {
      const next = await platform.api.rest(mailEndpoints.saveNotificationSettings, {
        body: { newsletters: settings.newsletters.map(({ typeId }) => ({ typeId, subscribed: wanted.has(typeId) })) },
      });
      setSettings(next);
      onSaved(next);
      const pending = next.newsletters.some((n) => n.state === 'pending');
      setMessage({ text: t(pending ? 'notifications.savedPending' : 'notifications.saved'), error: false });
    } catch {
      setMessage({ text: t('notifications.errors.failed'), error: true });
    } finally {
      setBusy(null);
    }
  };

  const resend = async () => {
    setBusy('resend');
    setMessage(null);
    try {
      const { email } = await platform.api.rest(mailEndpoints.resendVerification);
      setMessage({ text: t('notifications.verificationSent', { email }), error: false });
    } catch (error) {
      const code = codeOf(error) === 'RATE_LIMITED' ? 'rateLimited' : 'failed';
      setMessage({ text: t(`notifications.errors.${code}`), error: true });
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="mf-account__form">
      <p>
        {t('notifications.address', { email: settings.email ?? '' })}{' '}
        <strong data-testid="email-state">
          {t(settings.emailVerified ? 'notifications.verified' : 'notifications.notVerified')}
        </strong>
      </p>
      {!settings.emailVerified && (
        <Button type="button" variant="secondary" busy={busy === 'resend'} onClick={() => void resend()}>
          {t('notifications.resend')}
        </Button>
      )}
      <fieldset>
        <legend>{t('notifications.newsletters')}</legend>
        {settings.newsletters.map(({ typeId, state }) => (
          <label key={typeId} className="mf-account__check">
            <input
              type="checkbox"
              checked={wanted.has(typeId)}
              onChange={(event) => toggle(typeId, event.target.checked)}
            />{' '}
            {t(`newsletters.${typeId}`)}
            {state === 'pending' && <em> {t('notifications.pending')}</em>}
          </label>
        ))}
      </fieldset>
      {message && <p role={message.error ? 'alert' : 'status'}>{message.text}</p>}
      <Button type="button" busy={busy === 'save'} onClick={() => void save()}>
        {t('notifications.save')}
      </Button>
    </div>
  );
}

/**
 * getNotificationsSettings and its POST: the guest's address with its verification, and the newsletters (one
 * switched on waits for its confirmation mail: double opt-in).
 */
export function Notifications() {
  const platform = usePlatform();
  const { t } = useTranslation();
  const loaded = useLoaded(`mail.settings:${useGuest().id}`, () =>
    platform.api.rest(mailEndpoints.notificationSettings),
  );
  // Verified in another tab or browser: the page shows it at once.
  const { reload } = loaded;
  useEffect(() => {
    const subscription = platform.bus.on('onGuestEmailVerified').subscribe(() => reload());
    return () => subscription.unsubscribe();
  }, [platform, reload]);
  return (
    <section>
      <h1>{t('notifications.title')}</h1>
      <LoadState loaded={loaded}>
        {(settings) => (
          <Settings
            key={String(settings.emailVerified)}
            initial={settings}
            onSaved={(next) => loaded.update(() => next)}
          />
        )}
      </LoadState>
    </section>
  );
}
