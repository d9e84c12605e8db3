import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { outboxEndpoints, type OutboxMail } from '@velvet/contracts';
import { Button, EmptyState, Pager } from '@velvet/ui';
import { formatDate } from '@velvet/i18n';
import { useShell } from '../layout/ShellContext';
import { LoadState, useLanguage, useLoaded, usePagerLabels } from './data';

const PAGE_SIZE = 20;

/**
 * The server's mails, newest first: where they stand (queued for an attempt, sent, kept, failed) and why an
 * attempt failed. Without SMTP the outbox is where mails are read, so a kept mail opens with its text part.
 */
export function OutboxPanel() {
  const { t } = useTranslation('shell');
  const { platform } = useShell();
  const language = useLanguage();
  const pagerLabels = usePagerLabels();
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
      <LoadState loaded={outbox}>
        {(data) => (
          <>
            <p>{t(`operator.outbox.transport.${data.transport}`)}</p>
            {data.items.length === 0 ? (
              <EmptyState title={t('operator.outbox.empty')} />
            ) : (
              <>
                <table className="vv-operator__table">
                  <thead>
                    <tr>
                      <th scope="col">{t('operator.outbox.created')}</th>
                      <th scope="col">{t('operator.outbox.to')}</th>
                      <th scope="col">{t('operator.outbox.subject')}</th>
                      <th scope="col">{t('operator.outbox.template')}</th>
                      <th scope="col">{t('operator.outbox.state')}</th>
                      <th scope="col">{t('operator.outbox.attempts')}</th>
                      <th scope="col">{t('operator.outbox.lastError')}</th>
                      <th scope="col">{t('operator.outbox.text')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.items.flatMap((mail) => [
                      row(mail),
                      ...(open === mail.id
                        ? [
                            <tr key={`${mail.id}-text`}>
                              <td colSpan={8}>
                                <pre className="vv-operator__mail" data-testid="outbox-text">
                                  {mail.text}
                                </pre>
                              </td>
                            </tr>,
                          ]
                        : []),
                    ])}
                  </tbody>
                </table>
                <Pager
                  page={data.page}
                  pageCount={Math.ceil(data.total / data.pageSize)}
                  onChange={setPage}
                  labels={pagerLabels}
                />
              </>
            )}
          </>
        )}
      </LoadState>
    </section>
  );
}
