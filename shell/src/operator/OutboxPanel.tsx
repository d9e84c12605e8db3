import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NEWSLETTER_TYPE_IDS, outboxEndpoints, type NewsletterTypeId, type OutboxMail } from '@velvet/contracts';
import { Button, useAction } from '@velvet/ui';
import { formatDate } from '@velvet/i18n';
import { useShell } from '../layout/ShellContext';
import { LoadState, useChanged, useLanguage, useLoaded } from './data';
import { PagedTable } from './Table';
import { useErrorText } from './strings';

const PAGE_SIZE = 20;
const COLUMNS = ['created', 'to', 'subject', 'template', 'state', 'attempts', 'lastError', 'text'] as const;

/** Sends a newsletter to its running subscriptions, after a confirmation (every subscriber gets a mail). */
function SendNewsletter() {
  const { t } = useTranslation('shell');
  const { platform } = useShell();
  const changed = useChanged();
  const sending = useAction(useErrorText());
  const [typeId, setTypeId] = useState<NewsletterTypeId>(NEWSLETTER_TYPE_IDS[0]!);
  const [confirming, setConfirming] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const name = t(`operator.outbox.newsletters.${typeId}`);

  const send = async () => {
    setSent(null);
    await sending.run(async () => {
      const { queued } = await platform.api.rest(outboxEndpoints.sendNewsletter, { params: { typeId } });
      setSent(t('operator.outbox.sent', { count: queued, newsletter: name }));
      changed();
    });
    setConfirming(false);
  };

  return (
    <div className="vv-operator__newsletter" data-testid="send-newsletter">
      <label htmlFor="operator-newsletter">{t('operator.outbox.newsletter')}</label>{' '}
      <select
        id="operator-newsletter"
        value={typeId}
        onChange={(event) => {
          setTypeId(Number(event.target.value) as NewsletterTypeId);
          setConfirming(false);
        }}
      >
        {NEWSLETTER_TYPE_IDS.map((id) => (
          <option key={id} value={id}>
            {t(`operator.outbox.newsletters.${id}`)}
          </option>
        ))}
      </select>{' '}
      {confirming ? (
        <>
          <span>{t('operator.outbox.confirm', { newsletter: name })}</span>{' '}
          <Button size="small" busy={sending.busy} onClick={() => void send()}>
            {t('operator.actions.confirm')}
          </Button>{' '}
          <Button size="small" variant="ghost" onClick={() => setConfirming(false)}>
            {t('operator.actions.cancel')}
          </Button>
        </>
      ) : (
        <Button size="small" variant="secondary" onClick={() => setConfirming(true)}>
          {t('operator.outbox.send')}
        </Button>
      )}
      {sent && <p role="status">{sent}</p>}
      {sending.error && <p role="alert">{sending.error}</p>}
    </div>
  );
}

/**
 * The server's mails, newest first: where they stand (queued for an attempt, sent, kept, failed) and why an
 * attempt failed. Without SMTP the outbox is where mails are read, so a kept mail opens with its text part.
 */
export function OutboxPanel() {
  const { t } = useTranslation('shell');
  const { platform } = useShell();
  const language = useLanguage();
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<number | null>(null);
  const outbox = useLoaded(`outbox:${page}`, () =>
    platform.api.rest(outboxEndpoints.list, { query: { page, pageSize: PAGE_SIZE } }),
  );
  const when = (at: string) => formatDate(at, language, { dateStyle: 'short', timeStyle: 'medium' });
  const row = (mail: OutboxMail) => (
    <tr
      key={mail.id}
      data-state={mail.state}
      className={mail.state === 'failed' ? 'vv-operator__row--alarm' : undefined}
    >
      <td>{when(mail.created)}</td>
      <td>{mail.to}</td>
      <td>{mail.subject}</td>
      <td>
        {mail.template} ({mail.language})
      </td>
      <td>{t(`operator.outbox.states.${mail.state}`)}</td>
      <td>{mail.attempts}</td>
      <td>{mail.lastError ?? ''}</td>
      <td>
        {mail.text ? (
          <Button size="small" variant="ghost" onClick={() => setOpen(open === mail.id ? null : mail.id)}>
            {t(open === mail.id ? 'operator.outbox.hide' : 'operator.outbox.show')}
          </Button>
        ) : null}
      </td>
    </tr>
  );
  return (
    <section className="vv-operator__outbox" aria-labelledby="operator-outbox" data-testid="operator-outbox">
      <h2 id="operator-outbox">{t('operator.outbox.title')}</h2>
      <SendNewsletter />
      <LoadState loaded={outbox}>
        {(data) => (
          <>
            <p>{t(`operator.outbox.transport.${data.transport}`)}</p>
            <PagedTable
              data={data}
              headers={COLUMNS.map((column) => t(`operator.outbox.${column}`))}
              empty={t('operator.outbox.empty')}
              onPage={setPage}
              rows={(mail) => [
                row(mail),
                open === mail.id ? (
                  <tr key={`${mail.id}-text`}>
                    <td colSpan={COLUMNS.length}>
                      <pre className="vv-operator__mail" data-testid="outbox-text">
                        {mail.text}
                      </pre>
                    </td>
                  </tr>
                ) : null,
              ]}
            />
          </>
        )}
      </LoadState>
    </section>
  );
}
