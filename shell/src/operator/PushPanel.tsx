import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, pushEndpoints, type PushBroadcast, type PushDelivery } from '@velvet/contracts';
import { Button, useAction } from '@velvet/ui';
import { useShell } from '../layout/ShellContext';
import { LanguageTextFields, useLanguageTexts, type TextField } from './LanguageTexts';
import { useErrorText } from './strings';

const TEXT_FIELDS: readonly TextField<'title' | 'body'>[] = [
  { name: 'title', label: 'operator.push.messageTitle', maxLength: 80 },
  { name: 'body', label: 'operator.push.messageBody', maxLength: 240, multiline: true },
];

/**
 * A campaign or news push to every browser subscribed with that event on: its title and text in each language
 * (each guest gets the one of their language) and the site path a click opens.
 */
export function PushPanel() {
  const { t } = useTranslation('shell');
  const { platform } = useShell();
  const sending = useAction(useErrorText());
  const [event, setEvent] = useState<PushBroadcast['event']>('campaigns');
  const [url, setUrl] = useState(`/${platform.router.current().language}/`);
  const { texts, edit, reset: resetTexts } = useLanguageTexts(TEXT_FIELDS);
  const [delivery, setDelivery] = useState<PushDelivery | null>(null);
  // A push cannot be called back: the form asks once more before it goes out.
  const [confirming, setConfirming] = useState(false);
  const complete = LANGUAGES.every((language) => texts[language].title.trim() && texts[language].body.trim());

  const ask = (submit: FormEvent) => {
    submit.preventDefault();
    setDelivery(null);
    setConfirming(true);
  };
  const send = () => {
    setConfirming(false);
    setDelivery(null);
    return sending.run(async () => {
      setDelivery((await platform.api.rest(pushEndpoints.broadcast, { body: { event, url, texts } })).data);
      resetTexts();
    });
  };

  return (
    <section className="vv-operator__tenant" aria-labelledby="operator-push" data-testid="operator-push">
      <h2 id="operator-push">{t('operator.push.title')}</h2>
      <p className="vv-operator__hint">{t('operator.push.intro')}</p>
      <form className="vv-operator__form" onSubmit={ask}>
        <label>
          {t('operator.push.event')}
          <select value={event} onChange={(change) => setEvent(change.target.value as PushBroadcast['event'])}>
            <option value="campaigns">{t('operator.push.campaigns')}</option>
            <option value="news">{t('operator.push.news')}</option>
          </select>
        </label>
        <label>
          {t('operator.push.url')}
          <input value={url} maxLength={500} onChange={(change) => setUrl(change.target.value)} />
        </label>
        <LanguageTextFields fields={TEXT_FIELDS} texts={texts} onEdit={edit} />
        {confirming ? (
          <div className="vv-operator__buttons">
            <p>{t('operator.push.confirm')}</p>
            <Button onClick={() => void send()}>{t('operator.push.sendNow')}</Button>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              {t('operator.push.cancel')}
            </Button>
          </div>
        ) : (
          <div className="vv-operator__buttons">
            <Button type="submit" busy={sending.busy} disabled={!complete}>
              {t('operator.push.send')}
            </Button>
          </div>
        )}
      </form>
      {delivery && <p role="status">{t('operator.push.sent', delivery)}</p>}
      {sending.error && (
        <p className="vv-operator__error" role="alert">
          {sending.error}
        </p>
      )}
    </section>
  );
}
