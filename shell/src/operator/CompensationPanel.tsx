import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { paymentFlowEndpoints } from '@velvet/contracts';
import { ApiError } from '@velvet/sdk';
import { Button, useAction } from '@velvet/ui';
import { useShell } from '../layout/ShellContext';
import { useErrorText } from './strings';

/**
 * Operator compensation: coins credited to a guest (by id or e-mail) with a reason, through the ledger. One
 * idempotency key per filled-in form, so a double click or a retry credits once.
 */
export function CompensationPanel() {
  const { t } = useTranslation('shell');
  const { platform } = useShell();
  const errorText = useErrorText();
  const crediting = useAction((failure) =>
    failure instanceof ApiError && failure.code === 'NOT_FOUND'
      ? t('operator.compensation.notFound')
      : errorText(failure),
  );
  const [guest, setGuest] = useState('');
  const [coins, setCoins] = useState('');
  const [reason, setReason] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const attempt = useRef<{ key: string; body: string } | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = { guest: guest.trim(), coins: Number(coins), reason: reason.trim() };
    const text = JSON.stringify(body);
    if (attempt.current?.body !== text) attempt.current = { key: crypto.randomUUID(), body: text };
    const { key } = attempt.current;
    setDone(null);
    void crediting.run(async () => {
      const result = await platform.api.rest(paymentFlowEndpoints.compensation, { body, idempotencyKey: key });
      attempt.current = null;
      setDone(t('operator.compensation.done', { coins: result.coins, guest: body.guest }));
      setGuest('');
      setCoins('');
      setReason('');
    });
  };

  return (
    <section
      className="vv-operator__tenant"
      aria-labelledby="operator-compensation"
      data-testid="operator-compensation"
    >
      <h2 id="operator-compensation">{t('operator.compensation.title')}</h2>
      <p className="vv-operator__hint">{t('operator.compensation.hint')}</p>
      <form className="vv-operator__form" onSubmit={submit}>
        <label>
          {t('operator.compensation.guest')}
          <input name="guest" required value={guest} onChange={(event) => setGuest(event.target.value)} />
        </label>
        <label>
          {t('operator.compensation.coins')}
          <input
            name="coins"
            type="number"
            min={1}
            max={10000}
            step={1}
            required
            value={coins}
            onChange={(event) => setCoins(event.target.value)}
          />
        </label>
        <label>
          {t('operator.compensation.reason')}
          <input
            name="reason"
            required
            minLength={3}
            maxLength={200}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
        </label>
        <div className="vv-operator__buttons">
          <Button type="submit" busy={crediting.busy}>
            {t('operator.compensation.submit')}
          </Button>
        </div>
      </form>
      {done && <p role="status">{done}</p>}
      {crediting.error && (
        <p className="vv-operator__error" role="alert">
          {crediting.error}
        </p>
      )}
    </section>
  );
}
