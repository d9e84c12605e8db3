import { useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Incentive, RemoteIncentiveRequest, RouteName } from '@velvet/contracts';
import { COMMON_NAMESPACE } from '@velvet/i18n';
import { Button } from '@velvet/ui';
import { usePlatform } from './context';
import { useCurrentRoute, useSession } from './hooks';

/**
 * The incentives of a region a remote shows itself (platform API 1.4): `load` asks for the region's due ones,
 * `close` takes one away at once and runs the shell's close flow (block cookie, closeIncentive, loaded again),
 * `accept` closes it as accepted and opens its route, else the money charge for a guest and the sign-up for a
 * visitor. `shown` is the first due one.
 */
export function useRegionIncentives(request: RemoteIncentiveRequest) {
  const platform = usePlatform();
  const { loggedIn } = useSession().guest.flags;
  const [incentives, setIncentives] = useState<readonly Incentive[]>([]);
  // Keyed by the request's content: a new object of the same request loads nothing new.
  const requestKey = JSON.stringify(request);
  const load = useCallback(
    () => platform.incentives.load(JSON.parse(requestKey) as RemoteIncentiveRequest).then(setIncentives),
    [platform, requestKey],
  );
  const close = useCallback(
    (incentive: Incentive, result: 'dismissed' | 'accepted') => {
      setIncentives((shown) => shown.filter((other) => other.uniqueGroup !== incentive.uniqueGroup));
      void platform.incentives
        .close(JSON.parse(requestKey) as RemoteIncentiveRequest, incentive, result)
        .then((again) => again && setIncentives(again));
    },
    [platform, requestKey],
  );
  const accept = useCallback(
    (incentive: Incentive) => {
      close(incentive, 'accepted');
      const route = incentive.action.routeName as RouteName | null;
      if (route && platform.router.has(route)) platform.router.navigate(route);
      else platform.ui.open(loggedIn ? 'moneyCharge' : 'signup');
    },
    [close, platform, loggedIn],
  );
  return { shown: incentives[0] ?? null, load, close, accept };
}

/** An incentive as a remote shows it in its region: its title, text and action, and a button that closes it. */
export function IncentiveOffer({
  incentive,
  className,
  onClose,
  onAccept,
}: {
  incentive: Incentive;
  className: string;
  onClose: () => void;
  onAccept: () => void;
}) {
  const { t } = useTranslation(COMMON_NAMESPACE);
  const titleId = useId();
  return (
    <section className={className} aria-labelledby={titleId} data-testid={`incentive-${incentive.region}`}>
      <button type="button" className={`${className}-close`} aria-label={t('incentive.close')} onClick={onClose}>
        ×
      </button>
      <h2 id={titleId}>{incentive.title}</h2>
      <p>{incentive.text}</p>
      <Button onClick={onAccept}>{incentive.action.label}</Button>
    </section>
  );
}

/**
 * The inPage region of the current page: the incentives the operator defined for its route's page load, shown in
 * the page's flow once it is in the browser (they are the guest's, so the server's HTML has none), loaded again on
 * every route.
 */
export function InPageIncentive() {
  const { name, args } = useCurrentRoute();
  const { shown, load, close, accept } = useRegionIncentives({ region: 'inPage' });
  const routeKey = `${name}|${JSON.stringify(args)}`;
  useEffect(() => {
    void load();
  }, [load, routeKey]);
  return shown ? (
    <IncentiveOffer
      incentive={shown}
      className="vv-incentive-offer"
      onClose={() => close(shown, 'dismissed')}
      onAccept={() => accept(shown)}
    />
  ) : null;
}
