import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CHARGE_AMOUNTS_EUR,
  coinsForEur,
  walletEndpoints,
  type SandboxChargeBody,
  type WidgetProps,
} from '@velvet/contracts';
import { useLoggedIn, usePlatform } from '@velvet/federation';
import { ApiError, formatCurrency } from '@velvet/sdk';
import { Button, LoginPrompt } from '@velvet/ui';
import { AutoRechargeTeaser } from './AutoRechargeTeaser';
import { CardField, cardNumberOf, useAttemptKey } from './payment';

const DEFAULT_AMOUNT_EUR = 10;

/**
 * The money charge (filling `flow.moneyCharge` in the shell's modal): an amount in EUR, the coins it buys, a card
 * of the sandbox provider, and one idempotency key per attempt so a double click or a retry never charges twice.
 * Success toasts and closes the modal; the balance in the navbar and sidebar follows from the guestBalance push.
 * A guest with a saved card and no automatic recharge is offered it above the form.
 */
export function MoneyChargeWidget({ close }: WidgetProps<'flow.moneyCharge'>) {
  const { t } = useTranslation();
  const platform = usePlatform();
  const loggedIn = useLoggedIn();
  const [amountEur, setAmountEur] = useState<number>(DEFAULT_AMOUNT_EUR);
  const [card, setCard] = useState('');
  const [cardError, setCardError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [paying, setPaying] = useState(false);
  const attempt = useAttemptKey<SandboxChargeBody>();
  const inFlight = useRef(false);
  const ids = useId();

  if (!loggedIn) {
    return <LoginPrompt text={t('moneyCharge.login')} buttonLabel={t('login.button')} ui={platform.ui} />;
  }

  const pay = async (event: FormEvent) => {
    event.preventDefault();
    // a second click before React re-renders the busy button must not send a second request
    if (inFlight.current) return;
    const cardNumber = cardNumberOf(card);
    if (!cardNumber) {
      setCardError(t('moneyCharge.errors.cardNumber'));
      return;
    }
    setCardError(null);
    setError(null);
    const body: SandboxChargeBody = { amountEur, cardNumber };
    inFlight.current = true;
    setPaying(true);
    try {
      const result = await platform.api.rest(walletEndpoints.sandboxCharge, {
        body,
        idempotencyKey: attempt.keyFor(body),
      });
      attempt.done();
      platform.ui.toast(
        t('moneyCharge.success', {
          coins: formatCurrency(result.coins, 'VXC'),
          balance: result.guestBalanceFormatted,
        }),
        'success',
      );
      if (typeof close === 'function') close();
    } catch (failure) {
      attempt.done(failure);
      const code = failure instanceof ApiError ? failure.code : 'network';
      setError(t(`moneyCharge.errors.${code}`, { defaultValue: t('moneyCharge.errors.generic') }));
    } finally {
      inFlight.current = false;
      setPaying(false);
    }
  };

  const coins = formatCurrency(coinsForEur(amountEur), 'VXC');
  return (
    <>
      <AutoRechargeTeaser />
      <form className="mf-account__charge" noValidate onSubmit={(event) => void pay(event)} data-testid="money-charge">
        <fieldset className="mf-account__amounts" disabled={paying}>
          <legend>{t('moneyCharge.amount')}</legend>
          {CHARGE_AMOUNTS_EUR.map((eur) => (
            <label key={eur} className="mf-account__amount">
              <input
                type="radio"
                name="amountEur"
                value={eur}
                checked={amountEur === eur}
                onChange={() => setAmountEur(eur)}
              />
              <span className="mf-account__amount-eur">{formatCurrency(eur * 100, 'EUR')}</span>
              <span className="mf-account__amount-coins">{formatCurrency(coinsForEur(eur), 'VXC')}</span>
            </label>
          ))}
        </fieldset>
        <p className="mf-account__charge-coins" aria-live="polite" data-testid="money-charge-coins">
          {t('moneyCharge.youGet', { coins })}
        </p>
        <CardField id={ids} value={card} onChange={setCard} disabled={paying} error={cardError} />
        {error && (
          <p className="mf-account__error" role="alert" data-testid="money-charge-error">
            {error}
          </p>
        )}
        <Button type="submit" block busy={paying}>
          {paying ? t('moneyCharge.paying') : t('moneyCharge.pay', { amount: formatCurrency(amountEur * 100, 'EUR') })}
        </Button>
      </form>
    </>
  );
}
