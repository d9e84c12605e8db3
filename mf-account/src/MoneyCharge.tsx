import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CHARGE_AMOUNTS_EUR,
  SANDBOX_CARDS,
  coinsForEur,
  walletEndpoints,
  type SandboxChargeBody,
  type WidgetProps,
} from '@velvet/contracts';
import { useLoggedIn, usePlatform } from '@velvet/federation';
import { ApiError, formatCurrency } from '@velvet/sdk';
import { Button, LoginPrompt } from '@velvet/ui';

const DEFAULT_AMOUNT_EUR = 10;
const CARD_DIGITS = /^\d{12,19}$/;

/** Groups of four digits, as printed on a card. */
const cardGroups = (digits: string) => digits.replace(/(\d{4})(?=\d)/g, '$1 ');

/**
 * The attempt a key belongs to: the same amount and card keep the key (a retry after a lost answer is answered
 * from the server's record instead of charging again); anything else is a new attempt with a new key.
 */
interface Attempt {
  key: string;
  body: SandboxChargeBody;
}
const sameBody = (a: SandboxChargeBody, b: SandboxChargeBody) =>
  a.amountEur === b.amountEur && a.cardNumber === b.cardNumber;
/** Answers after which the attempt is over: asking again with its key could only repeat them. */
const isFinal = (error: unknown) =>
  error instanceof ApiError && error.status < 500 && error.code !== 'IDEMPOTENCY_KEY_IN_USE';

/**
 * The money charge (filling `flow.moneyCharge` in the shell's modal): an amount in EUR, the coins it buys, a card
 * of the sandbox provider, and one idempotency key per attempt so a double click or a retry never charges twice.
 * Success toasts and closes the modal; the balance in the navbar and sidebar follows from the guestBalance push.
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
  const attempt = useRef<Attempt | null>(null);
  const inFlight = useRef(false);
  const ids = useId();

  if (!loggedIn) {
    return <LoginPrompt text={t('moneyCharge.login')} buttonLabel={t('login.button')} ui={platform.ui} />;
  }

  const pay = async (event: FormEvent) => {
    event.preventDefault();
    // a second click before React re-renders the busy button must not send a second request
    if (inFlight.current) return;
    const cardNumber = card.replace(/\s+/g, '');
    if (!CARD_DIGITS.test(cardNumber)) {
      setCardError(t('moneyCharge.errors.cardNumber'));
      return;
    }
    setCardError(null);
    setError(null);
    const body: SandboxChargeBody = { amountEur, cardNumber };
    if (!attempt.current || !sameBody(attempt.current.body, body)) {
      attempt.current = { key: crypto.randomUUID(), body };
    }
    inFlight.current = true;
    setPaying(true);
    try {
      const result = await platform.api.rest(walletEndpoints.sandboxCharge, {
        body,
        idempotencyKey: attempt.current.key,
      });
      attempt.current = null;
      platform.ui.toast(
        t('moneyCharge.success', {
          coins: formatCurrency(result.coins, 'VXC'),
          balance: result.guestBalanceFormatted,
        }),
        'success',
      );
      if (typeof close === 'function') close();
    } catch (failure) {
      if (isFinal(failure)) attempt.current = null;
      const code = failure instanceof ApiError ? failure.code : 'network';
      setError(t(`moneyCharge.errors.${code}`, { defaultValue: t('moneyCharge.errors.generic') }));
    } finally {
      inFlight.current = false;
      setPaying(false);
    }
  };

  const coins = formatCurrency(coinsForEur(amountEur), 'VXC');
  return (
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
      <div className="mf-account__field">
        <label htmlFor={`${ids}-card`}>{t('moneyCharge.card')}</label>
        <input
          id={`${ids}-card`}
          name="cardNumber"
          inputMode="numeric"
          autoComplete="cc-number"
          value={card}
          disabled={paying}
          aria-invalid={cardError ? true : undefined}
          aria-describedby={`${ids}-card-hint${cardError ? ` ${ids}-card-error` : ''}`}
          onChange={(event) => setCard(event.target.value)}
        />
        <p id={`${ids}-card-hint`} className="mf-account__hint">
          {t('moneyCharge.testCards', {
            succeeds: cardGroups(SANDBOX_CARDS.succeeds),
            declined: cardGroups(SANDBOX_CARDS.declined),
          })}
        </p>
        {cardError && (
          <p id={`${ids}-card-error`} className="mf-account__error" role="alert">
            {cardError}
          </p>
        )}
      </div>
      {error && (
        <p className="mf-account__error" role="alert" data-testid="money-charge-error">
          {error}
        </p>
      )}
      <Button type="submit" block busy={paying}>
        {paying ? t('moneyCharge.paying') : t('moneyCharge.pay', { amount: formatCurrency(amountEur * 100, 'EUR') })}
      </Button>
    </form>
  );
}
