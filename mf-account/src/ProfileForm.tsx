import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { guestEndpoints, type EndpointResponse, type Language } from '@velvet/contracts';
import { LoadState, RouteLink, useGuest, useLoaded, usePlatform } from '@velvet/federation';
import { Button } from '@velvet/ui';
import { AccountSettings } from './AccountSettings';

type ProfileAnswer = EndpointResponse<typeof guestEndpoints.profileGet>;

/** The error code of a failed REST call (the SDK's errors carry one). */
const codeOf = (error: unknown) => (error as { code?: unknown } | null)?.code;

function Form({ initial, onSaved }: { initial: ProfileAnswer; onSaved: (answer: ProfileAnswer) => void }) {
  const platform = usePlatform();
  const { t } = useTranslation();
  const { config } = initial;
  const [name, setName] = useState(initial.profile.name);
  const [language, setLanguage] = useState<Language>(
    initial.profile.preferences.language ?? platform.router.current().language,
  );
  const [nameError, setNameError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);

  const validateName = (value: string) => {
    const length = value.trim().length;
    if (length < config.nameMinLength) return t('profile.errors.nameTooShort', { count: config.nameMinLength });
    if (length > config.nameMaxLength) return t('profile.errors.nameTooLong', { count: config.nameMaxLength });
    return null;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    setFormError(null);
    const invalid = validateName(name);
    setNameError(invalid);
    if (invalid) return;
    setBusy(true);
    try {
      const answer = await platform.api.rest(guestEndpoints.profileUpdate, {
        body: { properties: { name: name.trim(), preferences: { language } } },
      });
      setName(answer.profile.name);
      onSaved(answer);
      setSaved(true);
      platform.ui.toast(t('profile.saved'), 'success');
    } catch (error) {
      if (codeOf(error) === 'NAME_TAKEN') setNameError(t('profile.errors.nameTaken'));
      else setFormError(t(codeOf(error) === 'VALIDATION_FAILED' ? 'profile.errors.invalid' : 'profile.errors.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="mf-account__form">
      <p>{t('profile.email', { email: initial.profile.email ?? '' })}</p>
      <label htmlFor="profile-name">{t('profile.name')}</label>
      <input
        id="profile-name"
        value={name}
        maxLength={config.nameMaxLength + 10}
        aria-invalid={nameError ? true : undefined}
        aria-describedby={nameError ? 'profile-name-error' : undefined}
        onChange={(event) => setName(event.target.value)}
        onBlur={() => setNameError(validateName(name))}
      />
      {nameError ? (
        <p id="profile-name-error" role="alert">
          {nameError}
        </p>
      ) : null}
      <label htmlFor="profile-language">{t('profile.language')}</label>
      <select id="profile-language" value={language} onChange={(event) => setLanguage(event.target.value as Language)}>
        {config.languages.map((option) => (
          <option key={option} value={option}>
            {t(`languages.${option}`)}
          </option>
        ))}
      </select>
      <p>
        {/* Newsletters need their confirmation mail (double opt-in): they are switched on the notifications page. */}
        <RouteLink to="myAccountNotifications">{t('profile.newsletter')}</RouteLink>
      </p>
      {formError ? <p role="alert">{formError}</p> : null}
      {saved ? <p role="status">{t('profile.saved')}</p> : null}
      <Button type="submit" busy={busy}>
        {t('profile.save')}
      </Button>
    </form>
  );
}

/** guest/profile/get and guest/profile/update: name and preferred language; then the account's settings. */
export function ProfileForm() {
  const platform = usePlatform();
  const { t } = useTranslation();
  const key = `guest.profile:${useGuest().id}`;
  const loaded = useLoaded(key, () => platform.api.rest(guestEndpoints.profileGet));
  // The saved profile replaces the cached one, so coming back to the page shows what was saved.
  const saved = (answer: ProfileAnswer) => loaded.update(() => answer);
  return (
    <section>
      <h1>{t('profile.title')}</h1>
      <LoadState loaded={loaded}>{(profile) => <Form initial={profile} onSaved={saved} />}</LoadState>
      <AccountSettings />
    </section>
  );
}
