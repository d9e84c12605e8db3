import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { map, merge } from 'rxjs';
import { useTranslation } from 'react-i18next';
import {
  SANDBOX_AVS_IDENTITIES,
  avsEndpoints,
  avsQuery,
  requestAvsCheckoutMutation,
  type AvsCheckResult,
  type WidgetProps,
} from '@velvet/contracts';
import { useGuest, useGuestKey, useLanguage, useLoaded, useLoggedIn, usePlatform } from '@velvet/federation';
import { ApiError, formatCurrency } from '@velvet/sdk';
import { Button, LoginPrompt } from '@velvet/ui';

/** The sandbox provider's checkout is a route of this site; any other provider's link is its own page. */
const SANDBOX_CHECKOUT = /^\/rest\/v1\/avs\/sandbox\/checkout\/([0-9a-f-]{36})$/;

/**
 * The age check (filling `flow.ageCheck` in the shell's modal): asks the server for a checkout of the provider
 * (requestAvsCheckout, coming back to this page), and takes the sandbox's identity right here. The outcome is
 * the answer, moved on by the avs pushes: a pending check turns into accepted or rejected while the modal is
 * open. The shell keeps the session's status from the same pushes, and pages load their content again unblurred.
 */
export function AgeCheckWidget({ close }: WidgetProps<'flow.ageCheck'>) {
  const { t } = useTranslation();
  const platform = usePlatform();
  const loggedIn = useLoggedIn();
  const guest = useGuest();
  const guestKey = useGuestKey();
  const language = useLanguage();
  const [identity, setIdentity] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<AvsCheckResult | null>(null);
  const inFlight = useRef(false);
  const ids = useId();
  const info = useLoaded(`account.avs:${guestKey}`, () => platform.api.query(avsQuery));
  // a pending check is decided by the provider's callback, which reaches the guest as a push
  useEffect(() => {
    const decided = merge(
      platform.bus.on('avsSet').pipe(map((): AvsCheckResult => ({ status: 'accepted', rejectMessage: null }))),
      platform.bus
        .on('avsRejected')
        .pipe(map((push): AvsCheckResult => ({ status: 'rejected', rejectMessage: push.message }))),
      platform.bus.on('avsRevoked').pipe(map(() => null)),
    ).subscribe(setResult);
    return () => decided.unsubscribe();
  }, [platform]);

  if (!loggedIn) {
    return <LoginPrompt text={t('ageCheck.login')} buttonLabel={t('login.button')} ui={platform.ui} />;
  }

  // the answer of this modal's submission as the pushes moved it on; without one, the session's status
  const status = guest.avsStatus === 'accepted' ? 'accepted' : (result?.status ?? guest.avsStatus);
  const rejectMessage = status === 'rejected' ? (result?.rejectMessage ?? guest.avsRejectMessage ?? null) : null;

  const verify = async (event: FormEvent) => {
    event.preventDefault();
    if (inFlight.current) return;
    if (!identity.trim()) {
      setError(t('ageCheck.errors.identity'));
      return;
    }
    inFlight.current = true;
    setBusy(true);
    setError(null);
    try {
      const route = platform.router.current();
      const { requestAvsCheckout } = await platform.api.query(requestAvsCheckoutMutation, {
        forwardUrl: platform.router.href(route.name, route.args),
      });
      const checkId = SANDBOX_CHECKOUT.exec(requestAvsCheckout.checkoutLink)?.[1];
      if (!checkId) {
        window.location.assign(requestAvsCheckout.checkoutLink);
        return;
      }
      setResult(
        await platform.api.rest(avsEndpoints.sandboxSubmit, {
          params: { checkId },
          body: { identity: identity.trim() },
        }),
      );
    } catch (failure) {
      const code = failure instanceof ApiError ? failure.code : 'network';
      setError(t(`ageCheck.errors.${code}`, { defaultValue: t('ageCheck.errors.generic') }));
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  };

  if (status === 'accepted') {
    return (
      <div className="mf-account__age" data-testid="age-check" data-avs="accepted">
        <p role="status">{t('ageCheck.accepted')}</p>
        <Button type="button" block onClick={() => (close as () => void)()}>
          {t('ageCheck.continue')}
        </Button>
      </div>
    );
  }
  if (status === 'pending') {
    return (
      <div className="mf-account__age" data-testid="age-check" data-avs="pending">
        <p role="status" aria-live="polite">
          {t('ageCheck.pending')}
        </p>
      </div>
    );
  }
  const bonus = info.data?.avs.bonusAvailable ? info.data.avs.bonusCoins : null;
  return (
    <form
      className="mf-account__age"
      noValidate
      onSubmit={(event) => void verify(event)}
      data-testid="age-check"
      data-avs={status}
    >
      <p>{t('ageCheck.intro')}</p>
      {bonus !== null && (
        <p className="mf-account__age-bonus">
          {t('ageCheck.bonus', { coins: formatCurrency(Math.round(bonus * 100), 'VXC', language) })}
        </p>
      )}
      {rejectMessage && (
        <p className="mf-account__error" role="alert" data-testid="age-check-rejected">
          {t('ageCheck.rejected', { message: rejectMessage })}
        </p>
      )}
      <div className="mf-account__field">
        <label htmlFor={`${ids}-identity`}>{t('ageCheck.identity')}</label>
        <input
          id={`${ids}-identity`}
          name="identity"
          autoComplete="off"
          value={identity}
          disabled={busy}
          aria-describedby={`${ids}-hint`}
          onChange={(event) => setIdentity(event.target.value)}
        />
        <p id={`${ids}-hint`} className="mf-account__hint">
          {t('ageCheck.testIdentities', SANDBOX_AVS_IDENTITIES)}
        </p>
      </div>
      {error && (
        <p className="mf-account__error" role="alert" data-testid="age-check-error">
          {error}
        </p>
      )}
      <Button type="submit" block busy={busy}>
        {t('ageCheck.verify')}
      </Button>
    </form>
  );
}
