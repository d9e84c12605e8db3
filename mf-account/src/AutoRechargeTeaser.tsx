import { useTranslation } from 'react-i18next';
import { paymentFlowEndpoints, type AutoRechargeState } from '@velvet/contracts';
import { useGuestKey, useLoaded, usePlatform } from '@velvet/federation';
import { formatCurrency } from '@velvet/sdk';
import { Button, useAction } from '@velvet/ui';

/** Whether the teaser offers automatic recharge: she can have it (a saved card), has not and has not said no. */
const offersAutoRecharge = (state: AutoRechargeState) =>
  state.allowed && !state.enabled && state.teaserState === 'open';

/**
 * The money charge's offer of automatic recharge, per the guest's teaser state: turned on with the amount and
 * threshold on file, or closed for good ("no thanks"). Nothing shows while the state loads or if it cannot be read:
 * the offer must never stand in the way of the payment.
 */
export function AutoRechargeTeaser() {
  const { t } = useTranslation();
  const platform = usePlatform();
  const guestKey = useGuestKey();
  const loaded = useLoaded(`account.autoRecharge:${guestKey}`, () =>
    platform.api.rest(paymentFlowEndpoints.autoRecharge),
  );
  const answer = useAction<'enable' | 'close'>(() => t('moneyCharge.teaser.failed'));
  const state = loaded.data;
  if (!state || !offersAutoRecharge(state)) return null;
  const enable = () =>
    answer.run(async () => {
      const { amountEurCents, thresholdCoins } = state;
      const saved = await platform.api.rest(paymentFlowEndpoints.setAutoRecharge, {
        body: { enabled: true, amountEurCents, thresholdCoins },
      });
      loaded.update(() => saved);
      platform.ui.toast(t('moneyCharge.teaser.enabled'), 'success');
    }, 'enable');
  const close = () =>
    answer.run(async () => {
      const answered = await platform.api.rest(paymentFlowEndpoints.autoRechargeTeaserState, {
        body: { mode: 'closed' },
      });
      loaded.update(() => answered);
    }, 'close');
  return (
    <aside className="mf-account__teaser" data-testid="auto-recharge-teaser">
      <p>
        {t('moneyCharge.teaser.text', {
          amount: formatCurrency(state.amountEurCents, 'EUR'),
          threshold: formatCurrency(state.thresholdCoins * 100, 'VXC'),
        })}
      </p>
      {answer.error && (
        <p className="mf-account__error" role="alert">
          {answer.error}
        </p>
      )}
      <Button type="button" busy={answer.running === 'enable'} disabled={answer.busy} onClick={() => void enable()}>
        {t('moneyCharge.teaser.enable')}
      </Button>
      <Button
        type="button"
        variant="secondary"
        busy={answer.running === 'close'}
        disabled={answer.busy}
        onClick={() => void close()}
      >
        {t('moneyCharge.teaser.close')}
      </Button>
    </aside>
  );
}
