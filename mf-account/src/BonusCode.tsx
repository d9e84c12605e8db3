import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CODE_MAX_LENGTH,
  CODE_REFUSALS,
  codesEndpoints,
  type CodeRefusal,
  type RedeemedBonus,
} from '@velvet/contracts';
import { usePlatform } from '@velvet/federation';
import { Button } from '@velvet/ui';
import { codeOf } from './PasswordForm';

const isRefusal = (code: unknown): code is CodeRefusal => (CODE_REFUSALS as readonly unknown[]).includes(code);

/**
 * A bonus code, promo code or scratch card typed in by the guest, in the spec's order: may she redeem it (the
 * refusal's words if not), read it, redeem it. One idempotency key per code tried, so a double click redeems once.
 * The balance reaches the navbar by its push; `onRedeemed` lets the page show the new benefits.
 */
export function BonusCodeForm({ onRedeemed }: { onRedeemed: () => void }) {
  const platform = usePlatform();
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [redeemed, setRedeemed] = useState<RedeemedBonus | null>(null);
  const attempt = useRef<{ code: string; key: string } | null>(null);

  const refusal = (reason: unknown) => t(isRefusal(reason) ? `codes.errors.${reason}` : 'codes.errors.failed');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const typed = code.trim();
    setRedeemed(null);
    if (!typed) return setError(t('codes.errors.empty'));
    setError(null);
    setBusy(true);
    try {
      const params = { code: typed };
      const check = await platform.api.rest(codesEndpoints.canRedeem, { params });
      if (!check.success) return setError(refusal(check.reason));
      await platform.api.rest(codesEndpoints.bonusCode, { params });
      if (attempt.current?.code !== typed) attempt.current = { code: typed, key: crypto.randomUUID() };
      const { bonus } = await platform.api.rest(codesEndpoints.redeemBonus, {
        body: { code: typed },
        idempotencyKey: attempt.current.key,
      });
      attempt.current = null;
      setRedeemed(bonus);
      setCode('');
      onRedeemed();
    } catch (failure) {
      setError(refusal(codeOf(failure)));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="mf-account__codes" aria-labelledby="bonus-code-title">
      <h2 id="bonus-code-title">{t('codes.title')}</h2>
      <form onSubmit={(event) => void submit(event)} noValidate className="mf-account__form">
        <label htmlFor="bonus-code">{t('codes.label')}</label>
        <input
          id="bonus-code"
          name="code"
          autoComplete="off"
          maxLength={CODE_MAX_LENGTH}
          value={code}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'bonus-code-error' : undefined}
          onChange={(event) => setCode(event.target.value)}
        />
        <Button type="submit" busy={busy}>
          {t('codes.submit')}
        </Button>
      </form>
      {error && (
        <p id="bonus-code-error" role="alert">
          {error}
        </p>
      )}
      {redeemed && (
        <div role="status" data-testid="bonus-code-redeemed">
          <p>{t('codes.redeemed', { code: redeemed.code })}</p>
          <ul>
            {redeemed.granted.map((benefit) => (
              <li key={benefit.type}>{t(`codes.granted.${benefit.type}`, { count: benefit.amount })}</li>
            ))}
            {redeemed.onTop?.map((tier) => (
              <li key={tier.from}>{t('codes.onTop', { from: tier.from, amount: tier.amount })}</li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
