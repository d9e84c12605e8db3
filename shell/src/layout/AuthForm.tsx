import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  isValidEmail,
  mailEndpoints,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_RESET_MINUTES,
  TOTP_DIGITS,
  type ErrorCode,
} from '@velvet/contracts';
import { ApiError } from '@velvet/sdk';
import { Button, Modal } from '@velvet/ui';
import type { AuthFlow } from '../uiStore';
import { useShell } from './ShellContext';

type Field = 'email' | 'password' | 'name' | 'totp';
type Errors = Partial<Record<Field | 'form', string>>;

/** Which field a server error code belongs to; codes not listed are shown above the form. */
const FIELD_OF_CODE: Record<string, Field> = {
  INVALID_EMAIL: 'email',
  EMAIL_TAKEN: 'email',
  PASSWORD_TOO_SHORT: 'password',
  PASSWORD_BREACHED: 'password',
  NAME_TAKEN: 'name',
  TOTP_REQUIRED: 'totp',
  TOTP_INVALID: 'totp',
};

/** The server's rule for new passwords, as far as the browser can check it: characters counted, not whitespace alone. */
const tooShort = (password: string) => [...password].length < PASSWORD_MIN_LENGTH || password.trim() === '';

/** The login or signup form in its modal: the spec's email rule checked before sending, server codes as clear messages. */
export default function AuthForm({ mode }: { mode: AuthFlow }) {
  const { t } = useTranslation('shell');
  const { ui, session } = useShell();
  const [values, setValues] = useState({ email: '', password: '', name: '', totp: '' });
  // Shown once the server says the account has a second factor.
  const [askCode, setAskCode] = useState(false);
  // The login's "forgot password" view, starting with the address typed so far.
  const [forgot, setForgot] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const signup = mode === 'signup';

  const validate = (): Errors => {
    const found: Errors = {};
    if (!isValidEmail(values.email.trim())) found.email = t('auth.errors.INVALID_EMAIL');
    if (!values.password) found.password = t('auth.errors.passwordRequired');
    else if (signup && tooShort(values.password))
      found.password = t('auth.errors.PASSWORD_TOO_SHORT', { min: PASSWORD_MIN_LENGTH });
    if (askCode && !values.totp.trim()) found.totp = t('auth.errors.TOTP_REQUIRED', { digits: TOTP_DIGITS });
    if (signup && values.name.trim().length < 2) found.name = t('auth.errors.nameTooShort');
    return found;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const email = values.email.trim();
      const result = signup
        ? await session.signup({ email, password: values.password, name: values.name.trim() })
        : await session.login(email, values.password, askCode ? values.totp.trim() : undefined);
      ui.close();
      ui.ui.toast(t(signup ? 'auth.welcomeNew' : 'auth.welcomeBack', { name: result.guest.name }), 'success');
    } catch (error) {
      const code: ErrorCode = error instanceof ApiError ? error.code : 'UNKNOWN';
      if (code === 'TOTP_REQUIRED' || code === 'TOTP_INVALID') setAskCode(true);
      const message = t(`auth.errors.${code}`, {
        defaultValue: t('auth.errors.generic'),
        min: PASSWORD_MIN_LENGTH,
        digits: TOTP_DIGITS,
      });
      setErrors({ [FIELD_OF_CODE[code] ?? 'form']: message });
    } finally {
      setBusy(false);
    }
  };

  const field = (
    name: Field,
    type: string,
    autoComplete: string,
    extra: { maxLength?: number; inputMode?: 'numeric'; hint?: string } = {},
  ) => (
    <div className="vv-field">
      <label htmlFor={`vv-auth-${name}`}>{t(`auth.fields.${name}`)}</label>
      <input
        id={`vv-auth-${name}`}
        name={name}
        type={type}
        autoComplete={autoComplete}
        value={values[name]}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `vv-auth-${name}-error` : extra.hint ? `vv-auth-${name}-hint` : undefined}
        maxLength={extra.maxLength}
        inputMode={extra.inputMode}
        onChange={(event) => setValues((v) => ({ ...v, [name]: event.target.value }))}
      />
      {extra.hint && !errors[name] && (
        <p id={`vv-auth-${name}-hint`} className="vv-field__hint">
          {extra.hint}
        </p>
      )}
      {errors[name] && (
        <p id={`vv-auth-${name}-error`} className="vv-field__error" role="alert">
          {errors[name]}
        </p>
      )}
    </div>
  );

  if (forgot) return <ForgotPassword initialEmail={values.email.trim()} onBack={() => setForgot(false)} />;

  return (
    <Modal
      open
      onClose={ui.close}
      title={t(signup ? 'auth.signupTitle' : 'auth.loginTitle')}
      closeLabel={t('common.close')}
    >
      <form className="vv-auth" noValidate onSubmit={(event) => void submit(event)} data-testid={`${mode}-form`}>
        {errors.form && (
          <p className="vv-field__error" role="alert">
            {errors.form}
          </p>
        )}
        {signup && field('name', 'text', 'username')}
        {field('email', 'email', 'email')}
        {signup
          ? field('password', 'password', 'new-password', {
              maxLength: PASSWORD_MAX_LENGTH,
              hint: t('auth.passwordHint', { min: PASSWORD_MIN_LENGTH }),
            })
          : field('password', 'password', 'current-password')}
        {askCode &&
          field('totp', 'text', 'one-time-code', {
            maxLength: 16,
            inputMode: 'numeric',
            hint: t('auth.totpHint', { digits: TOTP_DIGITS }),
          })}
        <Button type="submit" block busy={busy}>
          {t(signup ? 'auth.signup' : 'auth.login')}
        </Button>
        {!signup && (
          <p className="vv-auth__switch">
            <button type="button" className="vv-link-button" onClick={() => setForgot(true)}>
              {t('auth.forgot.link')}
            </button>
          </p>
        )}
        <p className="vv-auth__switch">
          {t(signup ? 'auth.haveAccount' : 'auth.noAccount')}{' '}
          <button type="button" className="vv-link-button" onClick={() => ui.modal$.next(signup ? 'login' : 'signup')}>
            {t(signup ? 'auth.login' : 'auth.signup')}
          </button>
        </p>
      </form>
    </Modal>
  );
}

/**
 * Asks for a reset link. The server answers alike whether the address has an account or not, so the view
 * says where the link went "if" there is one, and how long it works.
 */
function ForgotPassword({ initialEmail, onBack }: { initialEmail: string; onBack: () => void }) {
  const { t } = useTranslation('shell');
  const { ui, platform } = useShell();
  const [email, setEmail] = useState(initialEmail);
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    if (!isValidEmail(address)) return setError(t('auth.errors.INVALID_EMAIL'));
    setError(null);
    setBusy(true);
    try {
      await platform.api.rest(mailEndpoints.requestPasswordReset, { body: { email: address } });
      setSentTo(address);
    } catch (failure) {
      const code: ErrorCode = failure instanceof ApiError ? failure.code : 'UNKNOWN';
      setError(t(`auth.errors.${code}`, { defaultValue: t('auth.errors.generic') }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal open onClose={ui.close} title={t('auth.forgot.title')} closeLabel={t('common.close')}>
      {sentTo ? (
        <div className="vv-auth" data-testid="forgot-sent">
          <p role="status">{t('auth.forgot.sent', { email: sentTo, minutes: PASSWORD_RESET_MINUTES })}</p>
          <Button type="button" block onClick={onBack}>
            {t('auth.forgot.back')}
          </Button>
        </div>
      ) : (
        <form className="vv-auth" noValidate onSubmit={(event) => void submit(event)} data-testid="forgot-form">
          <p>{t('auth.forgot.intro')}</p>
          <div className="vv-field">
            <label htmlFor="vv-forgot-email">{t('auth.fields.email')}</label>
            <input
              id="vv-forgot-email"
              name="email"
              type="email"
              autoComplete="email"
              value={email}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'vv-forgot-email-error' : undefined}
              onChange={(event) => setEmail(event.target.value)}
            />
            {error && (
              <p id="vv-forgot-email-error" className="vv-field__error" role="alert">
                {error}
              </p>
            )}
          </div>
          <Button type="submit" block busy={busy}>
            {t('auth.forgot.submit')}
          </Button>
          <p className="vv-auth__switch">
            <button type="button" className="vv-link-button" onClick={onBack}>
              {t('auth.forgot.back')}
            </button>
          </p>
        </form>
      )}
    </Modal>
  );
}
