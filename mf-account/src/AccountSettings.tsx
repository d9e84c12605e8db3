import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  PINCALL_TYPES,
  PROFILE_PICTURE_MAX_BYTES,
  PROFILE_PICTURE_TYPES,
  lifecycleEndpoints,
  type EndpointInput,
  type PincallType,
} from '@velvet/contracts';
import { LoadState, useGuest, useLoaded, usePlatform } from '@velvet/federation';
import { Button, useAction } from '@velvet/ui';

/** The error code of a failed REST call (the SDK's errors carry one). */
const codeOf = (error: unknown) => String((error as { code?: unknown } | null)?.code ?? 'UNKNOWN');

/** The text of a refused call: the code's own text, else the section's general one. */
function useErrorText(section: string) {
  const { t } = useTranslation();
  return (error: unknown) => t([`${section}.errors.${codeOf(error)}`, `${section}.errors.failed`]);
}

/** guest/profile/preview/update: a JPEG, PNG or WebP (the server checks its content and re-encodes it) or none. */
function ProfilePicture() {
  const platform = usePlatform();
  const { t } = useTranslation();
  const guest = useGuest();
  const upload = useAction(useErrorText('picture'));
  const [avatarUrl, setAvatarUrl] = useState(guest.avatarUrl);

  const send = (input: EndpointInput<typeof lifecycleEndpoints.profilePicture>) =>
    upload.run(async () => setAvatarUrl((await platform.api.rest(lifecycleEndpoints.profilePicture, input)).avatarUrl));
  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    // Too large is told before the upload; the type is the server's to judge, by what the file holds.
    if (file.size > PROFILE_PICTURE_MAX_BYTES) return upload.fail(t('picture.errors.PAYLOAD_TOO_LARGE'));
    const form = new FormData();
    form.append('file', file, file.name);
    void send({ query: {}, form });
  };

  return (
    <section className="mf-account__card" aria-labelledby="account-picture">
      <h2 id="account-picture">{t('picture.title')}</h2>
      {avatarUrl ? (
        <img className="mf-account__picture" src={avatarUrl} alt={t('picture.alt')} width={128} height={128} />
      ) : (
        <p>{t('picture.none')}</p>
      )}
      <label className="mf-account__file">
        {t('picture.choose')}
        <input type="file" accept={PROFILE_PICTURE_TYPES.join(',')} disabled={upload.busy} onChange={choose} />
      </label>
      <p className="mf-account__hint">{t('picture.hint')}</p>
      {avatarUrl ? (
        <Button variant="secondary" busy={upload.busy} onClick={() => void send({ query: { delete: 'true' } })}>
          {t('picture.delete')}
        </Button>
      ) : null}
      {upload.error ? <p role="alert">{upload.error}</p> : null}
    </section>
  );
}

/** Pincall: the number gets a pin by SMS (mobile) or a call (fixed line); the pin verifies it. */
function PhoneVerification() {
  const platform = usePlatform();
  const { t } = useTranslation();
  const action = useAction(useErrorText('phone'));
  const loaded = useLoaded(`account.phone:${useGuest().id}`, () =>
    platform.api.rest(lifecycleEndpoints.pincallVerifications),
  );
  const [phoneNumber, setPhoneNumber] = useState('');
  const [type, setType] = useState<PincallType>('mobile');
  const [started, setStarted] = useState<{ id: number; pinLength: number } | null>(null);
  const [pin, setPin] = useState('');

  const start = (event: FormEvent) => {
    event.preventDefault();
    void action.run(async () => {
      const language = ({ de: 'DE', es: 'ES' } as const)[platform.router.current().language as 'de' | 'es'] ?? 'EN';
      setStarted(await platform.api.rest(lifecycleEndpoints.pincallStart, { body: { phoneNumber, type, language } }));
      setPin('');
    });
  };
  const verify = (event: FormEvent) => {
    event.preventDefault();
    if (!started) return;
    void action.run(async () => {
      const verification = await platform.api.rest(lifecycleEndpoints.pincallVerify, {
        body: { id: started.id, type, pin },
      });
      loaded.update((answer) => ({
        verifications: [verification, ...answer.verifications.filter((v) => v.id !== verification.id)],
      }));
      setStarted(null);
      platform.ui.toast(t('phone.verified'), 'success');
    });
  };

  return (
    <section className="mf-account__card" aria-labelledby="account-phone">
      <h2 id="account-phone">{t('phone.title')}</h2>
      <LoadState loaded={loaded}>
        {({ verifications }) => {
          const verified = verifications.find((v) => v.verified);
          return verified ? (
            <p data-testid="phone-verified">
              {t('phone.current', { number: `+${verified.countryCode} ${verified.preCode} ${verified.number}` })}
            </p>
          ) : (
            <p>{t('phone.none')}</p>
          );
        }}
      </LoadState>
      {started ? (
        <form onSubmit={verify} className="mf-account__form" noValidate>
          <label htmlFor="account-pin">{t(`phone.pin.${type}`, { count: started.pinLength })}</label>
          <input
            id="account-pin"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={started.pinLength}
            value={pin}
            onChange={(event) => setPin(event.target.value.replace(/\D/g, ''))}
          />
          <Button type="submit" busy={action.busy} disabled={pin.length !== started.pinLength}>
            {t('phone.verify')}
          </Button>
        </form>
      ) : (
        <form onSubmit={start} className="mf-account__form" noValidate>
          <label htmlFor="account-phone-number">{t('phone.number')}</label>
          <input
            id="account-phone-number"
            type="tel"
            autoComplete="tel"
            placeholder="+49 151 23456789"
            value={phoneNumber}
            onChange={(event) => setPhoneNumber(event.target.value)}
          />
          <label htmlFor="account-phone-type">{t('phone.type')}</label>
          <select id="account-phone-type" value={type} onChange={(event) => setType(event.target.value as PincallType)}>
            {PINCALL_TYPES.map((option) => (
              <option key={option} value={option}>
                {t(`phone.types.${option}`)}
              </option>
            ))}
          </select>
          <Button type="submit" busy={action.busy}>
            {t('phone.start')}
          </Button>
        </form>
      )}
      {action.error ? <p role="alert">{action.error}</p> : null}
    </section>
  );
}

/** The guest's data as a JSON file she keeps (guest/account/export). */
function DataExport() {
  const platform = usePlatform();
  const { t } = useTranslation();
  const exporting = useAction(useErrorText('export'));
  const download = () =>
    exporting.run(async () => {
      const data = await platform.api.rest(lifecycleEndpoints.exportAccount);
      const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = `velvet-account-${data.exportedAt.slice(0, 10)}.json`;
      document.body.append(link);
      link.click();
      link.remove();
      URL.revokeObjectURL(url);
    });
  return (
    <section className="mf-account__card" aria-labelledby="account-export">
      <h2 id="account-export">{t('export.title')}</h2>
      <p>{t('export.text')}</p>
      <Button variant="secondary" busy={exporting.busy} onClick={() => void download()}>
        {t('export.download')}
      </Button>
      {exporting.error ? <p role="alert">{exporting.error}</p> : null}
    </section>
  );
}

/** Deleting the account, confirmed by the password; the page then starts over as a visitor's. */
function DeleteAccount() {
  const platform = usePlatform();
  const { t } = useTranslation();
  // The page starts over once the account is gone: nothing may be sent again meanwhile.
  const deletion = useAction(useErrorText('delete'), { staysBusy: true });
  const [password, setPassword] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void deletion.run(async () => {
      await platform.api.rest(lifecycleEndpoints.deleteAccount, { body: { password } });
      window.location.assign(platform.router.href('home'));
    });
  };
  return (
    <section className="mf-account__card mf-account__danger" aria-labelledby="account-delete">
      <h2 id="account-delete">{t('delete.title')}</h2>
      <p>{t('delete.text')}</p>
      <form onSubmit={submit} className="mf-account__form" noValidate>
        <label htmlFor="account-delete-password">{t('delete.password')}</label>
        <input
          id="account-delete-password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <Button type="submit" busy={deletion.busy} disabled={password.length === 0}>
          {t('delete.submit')}
        </Button>
      </form>
      {deletion.error ? <p role="alert">{deletion.error}</p> : null}
    </section>
  );
}

/** The account's life on the profile page: picture, phone, the data export and the deletion. */
export function AccountSettings() {
  return (
    <>
      <ProfilePicture />
      <PhoneVerification />
      <DataExport />
      <DeleteAccount />
    </>
  );
}
