import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Incentive } from '@velvet/contracts';
import { Button } from '@velvet/ui';
import { blockedGroups, closeIncentive, incentivesByRegion, pageLoadIncentives, type ShellRegion } from '../incentives';
import { useShell, useSubject } from './ShellContext';

/** Exit intent: the pointer leaves the document through its top edge (towards the tabs and the address bar). */
const isExitIntent = (event: MouseEvent) => event.relatedTarget === null && event.clientY <= 0;

/**
 * The conversion incentives of the page's route that the shell shows over the page: overlays and side boxes at once,
 * the exit-intent ones when the pointer leaves the page. They are personal (the guest's closed groups, her
 * countdowns), so they load after hydration and sit in fixed boxes: nothing on the server-rendered page moves.
 * Closing one removes it here, remembers its group in the cookie, tells the server and, when the server took it,
 * loads the route's incentives again.
 */
export function Incentives() {
  const { platform, router, session } = useShell();
  const route = useSubject(router.route$);
  const current = useSubject(session.session$, null);
  const [incentives, setIncentives] = useState<readonly Incentive[]>([]);
  const [leaving, setLeaving] = useState(false);
  const [reloads, setReloads] = useState(0);
  const token = current?.accessToken ?? null;
  const argsKey = JSON.stringify(route.args);

  useEffect(() => {
    if (!token) return;
    let active = true;
    pageLoadIncentives(platform.api.rest, { name: route.name, args: JSON.parse(argsKey) as object }, token)
      .then((incentives) => active && setIncentives(incentives))
      .catch(() => active && setIncentives([]));
    return () => {
      active = false;
    };
  }, [platform, token, route.name, argsKey, reloads]);

  useEffect(() => {
    const onLeave = (event: MouseEvent) => isExitIntent(event) && setLeaving(true);
    document.documentElement.addEventListener('mouseout', onLeave);
    return () => document.documentElement.removeEventListener('mouseout', onLeave);
  }, []);

  const close = (incentive: Incentive, result: 'dismissed' | 'accepted') => {
    setIncentives((shown) => shown.filter((other) => other.uniqueGroup !== incentive.uniqueGroup));
    void closeIncentive(platform.api.rest, document, incentive, result).then(
      (taken) => taken && setReloads((count) => count + 1),
    );
  };
  const accept = (incentive: Incentive) => {
    close(incentive, 'accepted');
    if (incentive.action.routeName && router.has(incentive.action.routeName as never))
      router.navigate(incentive.action.routeName as never);
    else platform.ui.open('moneyCharge');
  };

  const regions = incentivesByRegion(incentives, blockedGroups(typeof document === 'undefined' ? '' : document.cookie));
  const shown = [...regions].filter(([region]) => leaving || !region.startsWith('exitIntent'));
  return (
    <>
      {shown.map(([region, incentive]) => (
        <IncentiveBox
          key={region}
          region={region}
          incentive={incentive}
          onClose={() => close(incentive, 'dismissed')}
          onAccept={() => accept(incentive)}
        />
      ))}
    </>
  );
}

function IncentiveBox({
  region,
  incentive,
  onClose,
  onAccept,
}: {
  region: ShellRegion;
  incentive: Incentive;
  onClose: () => void;
  onAccept: () => void;
}) {
  const { t, i18n } = useTranslation('shell');
  const titleId = useId();
  // Shown only in the browser (incentives load after hydration): its time zone is the guest's.
  const timeOfDay = new Intl.DateTimeFormat(i18n.language, { hour: '2-digit', minute: '2-digit' });
  const modal = region !== 'sideLeft' && region !== 'sideRight';
  return (
    <div className={`vv-incentive vv-incentive--${region}`} data-testid={`incentive-${region}`}>
      <section role="dialog" aria-modal={modal} aria-labelledby={titleId} className="vv-incentive__box">
        <button type="button" className="vv-incentive__close" aria-label={t('incentives.close')} onClick={onClose}>
          ×
        </button>
        <h2 id={titleId}>{incentive.title}</h2>
        <p>{incentive.text}</p>
        {incentive.countdownEnds && (
          <p className="vv-incentive__countdown">
            {t('incentives.endsAt', { time: timeOfDay.format(new Date(incentive.countdownEnds)) })}
          </p>
        )}
        <Button onClick={onAccept}>{incentive.action.label}</Button>
      </section>
    </div>
  );
}
