import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { mailEndpoints, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@velvet/contracts';
import { usePlatform } from '@velvet/federation';
import { Button } from '@velvet/ui';

/** The error code of a failed REST call (the SDK's errors carry one). */
export const codeOf = (error: unknown) => (error as { code?: unknown } | null)?.code;

/** The server's rule for new passwords as far as the browser checks it: characters counted, not only spaces. */
export const passwordTooShort = (password: string) =>
  [...password].length < PASSWORD_MIN_LENGTH || password.trim() === '';

/** The words of a refused new password, by the server's code. */
export function newPasswordError(t: TFunction, error: unknown): string {
  const code = codeOf(error);
  if (code === 'PASSWORD_TOO_SHORT') return t('password.errors.tooShort', { min: PASSWORD_MIN_LENGTH });
  if (code === 'PASSWORD_BREACHED') return t('password.errors.breached');
  if (code === 'RATE_LIMITED') return t('password.errors.rateLimited');
  return t('password.errors.failed');
}

/**
 * The logged-in guest's new password. The server ends the guest's other sessions; the socket's passwordChanged
 * tells the other tabs' server side the same, as the spec's flow has it.
 */
export function PasswordForm() {
  const platform = usePlatform();
  const { t } = useTranslation();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [error, setError] = useState<{ field: 'current' | 'next' | 'form'; text: string } | null>(null);
  const [done, setDone] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setDone(null);
    if (!current) return setError({ field: 'current', text: t('password.errors.currentRequired') });
    if (passwordTooShort(next))
      return setError({ field: 'next', text: t('password.errors.tooShort', { min: PASSWORD_MIN_LENGTH }) });
    setError(null);
    setBusy(true);
    try {
      const { sessionsEnded } = await platform.api.rest(mailEndpoints.changePassword, {
        body: { currentPassword: current, password: next },
      });
      platform.bus.send({ type: 'passwordChanged' });
      setCurrent('');
      setNext('');
      setDone(sessionsEnded);
    } catch (failure) {
      if (codeOf(failure) === 'INVALID_CREDENTIALS')
        setError({ field: 'current', text: t('password.errors.currentWrong') });
      else
        setError({ field: codeOf(failure) === 'RATE_LIMITED' ? 'form' : 'next', text: newPasswordError(t, failure) });
    } finally {
      setBusy(false);
    }
  };

  const errorOf = (field: 'current' | 'next') =>
    error?.field === field ? (
      <p id={`password-${field}-error`} role="alert">
        {error.text}
      </p>
    ) : null;

  return (
    <section>
      <h1>{t('password.title')}</h1>
      <form onSubmit={(event) => void submit(event)} noValidate className="mf-account__form">
        <label htmlFor="password-current">{t('password.current')}</label>
        <input
          id="password-current"
          type="password"
          autoComplete="current-password"
          value={current}
          aria-invalid={error?.field === 'current' ? true : undefined}
          aria-describedby={error?.field === 'current' ? 'password-current-error' : undefined}
          onChange={(event) => setCurrent(event.target.value)}
        />
        {errorOf('current')}
        <label htmlFor="password-next">{t('password.next')}</label>
        <input
          id="password-next"
          type="password"
          autoComplete="new-password"
          maxLength={PASSWORD_MAX_LENGTH}
          value={next}
          aria-invalid={error?.field === 'next' ? true : undefined}
          aria-describedby={error?.field === 'next' ? 'password-next-error' : 'password-next-hint'}
          onChange={(event) => setNext(event.target.value)}
        />
        {errorOf('next') ?? <p id="password-next-hint">{t('password.hint', { min: PASSWORD_MIN_LENGTH })}</p>}
        {error?.field === 'form' && <p role="alert">{error.text}</p>}
        {done !== null && <p role="status">{t('password.changed', { count: done })}</p>}
        <Button type="submit" busy={busy}>
          {t('password.save')}
        </Button>
      </form>
    </section>
  );
}
