import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import {
  mailEndpoints,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  UNSUBSCRIBE_REASONS,
  type EndpointResponse,
} from '@velvet/contracts';
import { usePlatform, RouteButton } from '@velvet/federation';
import { Button } from '@velvet/ui';
import { codeOf, newPasswordError, passwordTooShort } from './PasswordForm';

/** The words of a link the server refused: unknown, used or expired. */
function linkError(t: TFunction, error: unknown): string {
  const code = codeOf(error);
  if (code === 'LINK_USED') return t('links.used');
  if (code === 'LINK_EXPIRED') return t('links.expired');
  if (code === 'LINK_INVALID' || code === 'VALIDATION_FAILED') return t('links.invalid');
  return t('links.failed');
}

type Outcome = { ok: true; text: string } | { ok: false; text: string } | null;

/**
 * A link that does its work when opened (address verification, newsletter confirmation). It is used in the
 * browser after hydration only, never while the page is rendered on the server (a crawler or a render must not
 * use anyone's link).
 */
function ConfirmLink({ title, run }: { title: string; run: () => Promise<string> }) {
  const { t } = useTranslation();
  const [outcome, setOutcome] = useState<Outcome>(null);
  useEffect(() => {
    let live = true;
    run().then(
      (text) => live && setOutcome({ ok: true, text }),
      (error: unknown) => live && setOutcome({ ok: false, text: linkError(t, error) }),
    );
    return () => {
      live = false;
    };
    // Once per page: the link is used once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <section className="mf-account__link">
      <h1>{title}</h1>
      {outcome === null ? (
        <p role="status">{t('links.working')}</p>
      ) : (
        <p role={outcome.ok ? 'status' : 'alert'}>{outcome.text}</p>
      )}
      {outcome && <RouteButton to="home">{t('links.home')}</RouteButton>}
    </section>
  );
}

export function EmailVerifyPage({ token }: { token: string }) {
  const platform = usePlatform();
  const { t } = useTranslation();
  return (
    <ConfirmLink
      title={t('links.verifyTitle')}
      run={async () => {
        const { email } = await platform.api.rest(mailEndpoints.verifyEmail, { body: { token } });
        return t('links.verified', { email });
      }}
    />
  );
}

export function NewsletterConfirmPage({ token }: { token: string }) {
  const platform = usePlatform();
  const { t } = useTranslation();
  return (
    <ConfirmLink
      title={t('links.confirmTitle')}
      run={async () => {
        const { typeId, email } = await platform.api.rest(mailEndpoints.newsletterConfirm, { body: { token } });
        return t('links.confirmed', { email, newsletter: t(`newsletters.${typeId}`) });
      }}
    />
  );
}

/** The reset link's page: a new password, then the login. */
export function PasswordResetPage({ token }: { token: string }) {
  const platform = usePlatform();
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [linkProblem, setLinkProblem] = useState<string | null>(null);
  const [doneFor, setDoneFor] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (passwordTooShort(password)) return setError(t('password.errors.tooShort', { min: PASSWORD_MIN_LENGTH }));
    setError(null);
    setBusy(true);
    try {
      const { email } = await platform.api.rest(mailEndpoints.resetPassword, { body: { token, password } });
      setDoneFor(email);
    } catch (failure) {
      const code = codeOf(failure);
      if (code === 'LINK_USED' || code === 'LINK_EXPIRED' || code === 'LINK_INVALID')
        setLinkProblem(linkError(t, failure));
      else setError(newPasswordError(t, failure));
    } finally {
      setBusy(false);
    }
  };

  if (doneFor || linkProblem)
    return (
      <section className="mf-account__link">
        <h1>{t('reset.title')}</h1>
        <p role={doneFor ? 'status' : 'alert'}>{doneFor ? t('reset.done', { email: doneFor }) : linkProblem}</p>
        <Button type="button" onClick={() => platform.ui.open('login')}>
          {t(doneFor ? 'reset.login' : 'reset.again')}
        </Button>
      </section>
    );

  return (
    <section className="mf-account__link">
      <h1>{t('reset.title')}</h1>
      <form onSubmit={(event) => void submit(event)} noValidate className="mf-account__form">
        <label htmlFor="reset-password">{t('password.next')}</label>
        <input
          id="reset-password"
          type="password"
          autoComplete="new-password"
          maxLength={PASSWORD_MAX_LENGTH}
          value={password}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'reset-password-error' : 'reset-password-hint'}
          onChange={(event) => setPassword(event.target.value)}
        />
        {error ? (
          <p id="reset-password-error" role="alert">
            {error}
          </p>
        ) : (
          <p id="reset-password-hint">{t('password.hint', { min: PASSWORD_MIN_LENGTH })}</p>
        )}
        <Button type="submit" busy={busy}>
          {t('reset.save')}
        </Button>
      </form>
    </section>
  );
}

type UnsubscribeInfo = EndpointResponse<typeof mailEndpoints.newsletterUnsubscribeInfo>;

function UnsubscribeForm({ token, info }: { token: string; info: UnsubscribeInfo }) {
  const platform = usePlatform();
  const { t } = useTranslation();
  const [option, setOption] = useState<'type' | 'all'>('type');
  const [reasons, setReasons] = useState<string[]>([]);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await platform.api.rest(mailEndpoints.newsletterUnsubscribe, {
        body: { option, reasons: reasons as (typeof UNSUBSCRIBE_REASONS)[number][], token },
      });
      setOutcome({
        ok: true,
        text:
          option === 'all'
            ? t('unsubscribe.doneAll')
            : t('unsubscribe.done', { newsletter: t(`newsletters.${info.typeId}`) }),
      });
    } catch (failure) {
      setOutcome({ ok: false, text: linkError(t, failure) });
    } finally {
      setBusy(false);
    }
  };

  if (outcome) return <p role={outcome.ok ? 'status' : 'alert'}>{outcome.text}</p>;
  return (
    <form onSubmit={(event) => void submit(event)} className="mf-account__form">
      <p>{t('unsubscribe.intro', { email: info.email })}</p>
      <fieldset>
        <legend>{t('unsubscribe.what')}</legend>
        <label className="mf-account__check">
          <input type="radio" name="option" checked={option === 'type'} onChange={() => setOption('type')} />{' '}
          {t('unsubscribe.optionType', { newsletter: t(`newsletters.${info.typeId}`) })}
        </label>
        <label className="mf-account__check">
          <input type="radio" name="option" checked={option === 'all'} onChange={() => setOption('all')} />{' '}
          {t('unsubscribe.optionAll')}
        </label>
      </fieldset>
      <fieldset>
        <legend>{t('unsubscribe.why')}</legend>
        {UNSUBSCRIBE_REASONS.map((reason) => (
          <label key={reason} className="mf-account__check">
            <input
              type="checkbox"
              checked={reasons.includes(reason)}
              onChange={(event) =>
                setReasons((list) => (event.target.checked ? [...list, reason] : list.filter((r) => r !== reason)))
              }
            />{' '}
            {t(`unsubscribe.reasons.${reason}`)}
          </label>
        ))}
      </fieldset>
      <Button type="submit" busy={busy}>
        {t('unsubscribe.submit')}
      </Button>
    </form>
  );
}

/**
 * The newsletter's unsubscribe page, reached from the link in every newsletter: no login needed. The address
 * the link is for is asked in the browser only: a page rendered on the server is shared and cached, an address
 * must not be in it.
 */
export function NewsletterUnsubscribePage({ token }: { token: string }) {
  const platform = usePlatform();
  const { t } = useTranslation();
  const [info, setInfo] = useState<UnsubscribeInfo | { error: string } | null>(null);
  useEffect(() => {
    let live = true;
    platform.api.rest(mailEndpoints.newsletterUnsubscribeInfo, { params: { token } }).then(
      (answer) => live && setInfo(answer),
      (error: unknown) => live && setInfo({ error: linkError(t, error) }),
    );
    return () => {
      live = false;
    };
  }, [platform, token, t]);
  return (
    <section className="mf-account__link">
      <h1>{t('unsubscribe.title')}</h1>
      {info === null ? (
        <p role="status">{t('links.working')}</p>
      ) : 'error' in info ? (
        <p role="alert">{info.error}</p>
      ) : (
        <UnsubscribeForm token={token} info={info} />
      )}
    </section>
  );
}
