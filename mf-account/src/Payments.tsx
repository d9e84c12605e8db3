import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import {
  DEPOSIT_LIMIT_COOLING_DAYS,
  paymentFlowEndpoints,
  type AutoRechargeState,
  type DepositLimits,
} from '@velvet/contracts';
import { LoadState, useGuestKey, useLanguage, useLoaded, usePlatform, useTimeZone } from '@velvet/federation';
import { formatDate } from '@velvet/i18n';
import { ApiError, formatCurrency } from '@velvet/sdk';
import { Button, useAction } from '@velvet/ui';

const euros = (cents: number) => formatCurrency(cents, 'EUR');
/** A limit as typed in whole euros: empty is no limit, anything else must be a whole number from 1. */
const limitOf = (typed: string): number | null | undefined => {
  if (typed.trim() === '') return null;
  const value = Number(typed);
  return Number.isInteger(value) && value >= 1 ? value * 100 : undefined;
};
const typedOf = (cents: number | null) => (cents === null ? '' : String(cents / 100));
const failureText = (t: TFunction, failure: unknown) =>
  t(`payments.errors.${failure instanceof ApiError ? failure.code : 'network'}`, {
    defaultValue: t('payments.errors.generic'),
  });

function DepositLimitsForm({ limits, onSaved }: { limits: DepositLimits; onSaved: (limits: DepositLimits) => void }) {
  const { t } = useTranslation();
  const platform = usePlatform();
  const language = useLanguage();
  const timeZone = useTimeZone();
  const ids = useId();
  const [daily, setDaily] = useState(typedOf(limits.daily));
  const [monthly, setMonthly] = useState(typedOf(limits.monthly));
  const saving = useAction((failure) => failureText(t, failure));

  const save = (event: FormEvent) => {
    event.preventDefault();
    const [dailyCents, monthlyCents] = [limitOf(daily), limitOf(monthly)];
    if (dailyCents === undefined || monthlyCents === undefined) return saving.fail(t('payments.limits.invalid'));
    void saving.run(async () => {
      const saved = await platform.api.rest(paymentFlowEndpoints.setLimits, {
        body: { daily: dailyCents, monthly: monthlyCents },
      });
      platform.ui.toast(t(saved.pending ? 'payments.limits.savedPending' : 'payments.limits.saved'), 'success');
      onSaved(saved);
    });
  };
  const shown = (cents: number | null) => (cents === null ? t('payments.limits.none') : euros(cents));

  return (
    <form className="mf-account__form" noValidate onSubmit={save} data-testid="deposit-limits">
      <h2>{t('payments.limits.title')}</h2>
      <p>{t('payments.limits.intro', { days: DEPOSIT_LIMIT_COOLING_DAYS })}</p>
      <p role="status">
        {t('payments.limits.deposited', {
          today: euros(limits.depositedToday),
          daily: shown(limits.daily),
          month: euros(limits.depositedThisMonth),
          monthly: shown(limits.monthly),
        })}
      </p>
      {limits.pending ? (
        <p>
          {t('payments.limits.pending', {
            daily: shown(limits.pending.daily),
            monthly: shown(limits.pending.monthly),
            date: formatDate(limits.pending.effectiveAt, language, {
              dateStyle: 'medium',
              timeStyle: 'short',
              timeZone,
            }),
          })}
        </p>
      ) : null}
      <label htmlFor={`${ids}-daily`}>{t('payments.limits.daily')}</label>
      <input id={`${ids}-daily`} inputMode="numeric" value={daily} onChange={(event) => setDaily(event.target.value)} />
      <label htmlFor={`${ids}-monthly`}>{t('payments.limits.monthly')}</label>
      <input
        id={`${ids}-monthly`}
        inputMode="numeric"
        value={monthly}
        onChange={(event) => setMonthly(event.target.value)}
      />
      {saving.error && <p role="alert">{saving.error}</p>}
      <Button type="submit" busy={saving.busy}>
        {t('payments.limits.save')}
      </Button>
    </form>
  );
}

function AutoRechargeForm({
  state,
  onSaved,
}: {
  state: AutoRechargeState;
  onSaved: (state: AutoRechargeState) => void;
}) {
  const { t } = useTranslation();
  const platform = usePlatform();
  const ids = useId();
  const [enabled, setEnabled] = useState(state.enabled);
  const [amount, setAmount] = useState(state.amountEurCents);
  const [threshold, setThreshold] = useState(String(state.thresholdCoins));
  const saving = useAction((failure) => failureText(t, failure));

  const save = (event: FormEvent) => {
    event.preventDefault();
    const thresholdCoins = Number(threshold);
    if (!Number.isInteger(thresholdCoins) || thresholdCoins < 1) return saving.fail(t('payments.autoRecharge.invalid'));
    void saving.run(async () => {
      const saved = await platform.api.rest(paymentFlowEndpoints.setAutoRecharge, {
        body: { enabled, amountEurCents: amount, thresholdCoins },
      });
      platform.ui.toast(t('payments.autoRecharge.saved'), 'success');
      onSaved(saved);
    });
  };

  return (
    <form className="mf-account__form" noValidate onSubmit={save} data-testid="auto-recharge">
      <h2>{t('payments.autoRecharge.title')}</h2>
      <p>{t(state.allowed ? 'payments.autoRecharge.intro' : 'payments.autoRecharge.needsCard')}</p>
      <label>
        <input
          type="checkbox"
          checked={enabled}
          disabled={!state.allowed && !enabled}
          onChange={(event) => setEnabled(event.target.checked)}
        />{' '}
        {t('payments.autoRecharge.enabled')}
      </label>
      <label htmlFor={`${ids}-amount`}>{t('payments.autoRecharge.amount')}</label>
      <select id={`${ids}-amount`} value={amount} onChange={(event) => setAmount(Number(event.target.value))}>
        {state.amounts.map((cents) => (
          <option key={cents} value={cents}>
            {euros(cents)}
          </option>
        ))}
      </select>
      <label htmlFor={`${ids}-threshold`}>{t('payments.autoRecharge.threshold')}</label>
      <input
        id={`${ids}-threshold`}
        inputMode="numeric"
        value={threshold}
        onChange={(event) => setThreshold(event.target.value)}
      />
      {saving.error && <p role="alert">{saving.error}</p>}
      <Button type="submit" busy={saving.busy}>
        {t('payments.autoRecharge.save')}
      </Button>
    </form>
  );
}

/** The guest's payment settings: deposit limits and automatic recharge. */
export function Payments() {
  const { t } = useTranslation();
  const platform = usePlatform();
  const guestKey = useGuestKey();
  const loaded = useLoaded(`account.payments:${guestKey}`, async () => {
    const [limits, autoRecharge] = await Promise.all([
      platform.api.rest(paymentFlowEndpoints.limits),
      platform.api.rest(paymentFlowEndpoints.autoRecharge),
    ]);
    return { limits, autoRecharge };
  });
  return (
    <section className="mf-account">
      <h1>{t('area.myAccountPayments')}</h1>
      <LoadState loaded={loaded}>
        {({ limits, autoRecharge }) => (
          <>
            <DepositLimitsForm
              limits={limits}
              onSaved={(saved) => loaded.update((data) => ({ ...data, limits: saved }))}
            />
            <AutoRechargeForm
              state={autoRecharge}
              onSaved={(saved) => loaded.update((data) => ({ ...data, autoRecharge: saved }))}
            />
          </>
        )}
      </LoadState>
    </section>
  );
}
