import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { SANDBOX_CARDS } from '@velvet/contracts';
import { ApiError } from '@velvet/sdk';

const CARD_DIGITS = /^\d{12,19}$/;

/** Groups of four digits, as printed on a card. */
const cardGroups = (digits: string) => digits.replace(/(\d{4})(?=\d)/g, '$1 ');

/** The card number as typed, without its spaces; null when it is not 12 to 19 digits. */
export function cardNumberOf(typed: string): string | null {
  const digits = typed.replace(/\s+/g, '');
  return CARD_DIGITS.test(digits) ? digits : null;
}

/** Answers after which the attempt is over: asking again with its key could only repeat them. */
const isFinal = (error: unknown) =>
  error instanceof ApiError && error.status < 500 && error.code !== 'IDEMPOTENCY_KEY_IN_USE';

/**
 * One idempotency key per attempt of a payment: the same request keeps the key (a retry after a lost answer is
 * answered from the server's record instead of charging again); anything else is a new attempt with a new key.
 * `done` ends the attempt after a success or a final refusal.
 */
export function useAttemptKey<B extends object>() {
  const attempt = useRef<{ key: string; body: string } | null>(null);
  return {
    keyFor(body: B): string {
      const text = JSON.stringify(body);
      if (attempt.current?.body !== text) attempt.current = { key: crypto.randomUUID(), body: text };
      return attempt.current.key;
    },
    done(failure?: unknown): void {
      if (failure === undefined || isFinal(failure)) attempt.current = null;
    },
  };
}

/** The card number field of the sandbox provider, with its test cards as the hint. */
export function CardField({
  id,
  value,
  onChange,
  disabled,
  error,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  disabled: boolean;
  error: string | null;
}) {
  const { t } = useTranslation();
  return (
    <div className="mf-account__field">
      <label htmlFor={`${id}-card`}>{t('moneyCharge.card')}</label>
      <input
        id={`${id}-card`}
        name="cardNumber"
        inputMode="numeric"
        autoComplete="cc-number"
        value={value}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-card-hint${error ? ` ${id}-card-error` : ''}`}
        onChange={(event) => onChange(event.target.value)}
      />
      <p id={`${id}-card-hint`} className="mf-account__hint">
        {t('moneyCharge.testCards', {
          succeeds: cardGroups(SANDBOX_CARDS.succeeds),
          declined: cardGroups(SANDBOX_CARDS.declined),
        })}
      </p>
      {error && (
        <p id={`${id}-card-error`} className="mf-account__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
