import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PUSH_EVENTS } from '@velvet/contracts';
import { useGuest, usePlatform } from '@velvet/federation';
import { Button } from '@velvet/ui';
import { indexedDbPushStore, type PushRecordStore } from './pushStore';
import {
  browserPush,
  disablePush,
  enablePush,
  PushError,
  readPushState,
  switchPushEvent,
  type PushBrowser,
  type PushContext,
  type PushErrorKind,
  type PushState,
} from './webPush';

/** The browser's parts web push uses; tests hand in their own. */
export interface PushEnvironment {
  browser: PushBrowser;
  store: PushRecordStore;
}
let browserStore: PushRecordStore | null = null;
const browserEnvironment = (): PushEnvironment => ({
  browser: browserPush(),
  store: (browserStore ??= indexedDbPushStore()),
});

/**
 * Push notifications of this browser for the logged-in guest: switch them on (the permission and subscription
 * flow) or off, and each event on or off. Browser-only: the server render and the hydration show it loading.
 */
export function PushSettings({ environment = browserEnvironment }: { environment?: () => PushEnvironment }) {
  const { t } = useTranslation();
  const platform = usePlatform();
  const guest = useGuest();
  const [state, setState] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<PushErrorKind | 'failed' | null>(null);
  const context = (): PushContext => ({ ...environment(), api: platform.api, identity: guest.id });

  useEffect(() => {
    let current = true;
    readPushState({ ...environment(), api: platform.api, identity: guest.id }).then(
      (read) => current && setState(read),
      () => {
        if (!current) return;
        setState({ kind: 'off' });
        setError('failed');
      },
    );
    return () => {
      current = false;
    };
  }, [environment, platform, guest.id]);

  const run = (action: (ctx: PushContext) => Promise<PushState>) => async () => {
    setBusy(true);
    setError(null);
    try {
      setState(await action(context()));
    } catch (failure) {
      const kind = failure instanceof PushError ? failure.kind : 'failed';
      setError(kind);
      if (kind === 'blocked' || kind === 'unsupported') setState({ kind });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="mf-account__push" data-testid="push-settings" aria-busy={busy || state === null}>
      <h2>{t('push.title')}</h2>
      <p>{t('push.intro')}</p>
      {state === null ? <p role="status">{t('push.loading')}</p> : null}
      {state?.kind === 'unsupported' ? <p>{t('push.unsupported')}</p> : null}
      {state?.kind === 'blocked' ? <p>{t('push.blocked')}</p> : null}
      {state?.kind === 'off' ? (
        <p>
          {t('push.off')}{' '}
          <Button onClick={run(enablePush)} disabled={busy}>
            {t('push.enable')}
          </Button>
        </p>
      ) : null}
      {state?.kind === 'on' ? (
        <>
          <p>{t('push.on')}</p>
          <fieldset disabled={busy}>
            <legend>{t('push.events.legend')}</legend>
            {PUSH_EVENTS.map((event) => (
              <label key={event} className="mf-account__check">
                <input
                  type="checkbox"
                  checked={state.events[event]}
                  onChange={(change) => void run((ctx) => switchPushEvent(ctx, event, change.target.checked))()}
                />{' '}
                {t(`push.events.${event}`)}
              </label>
            ))}
          </fieldset>
          <Button variant="secondary" onClick={run(disablePush)} disabled={busy}>
            {t('push.disable')}
          </Button>
        </>
      ) : null}
      {error ? <p role="alert">{t(`push.errors.${error}`)}</p> : null}
    </section>
  );
}

/** The personal area's page of push notifications. */
export function PushPage() {
  const { t } = useTranslation();
  return (
    <div>
      <h1>{t('area.myAccountPush')}</h1>
      <PushSettings />
    </div>
  );
}
