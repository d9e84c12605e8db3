import { useTranslation } from 'react-i18next';
import { accountEndpoints, VOUCHER_TYPES, type GuestBenefits } from '@velvet/contracts';
import { usePlatform } from '@velvet/federation';
import { EmptyState, ErrorState, Spinner } from '@velvet/ui';
import { useLoad } from './useLoad';

const COUNTS = [
  'spinwheelSpins',
  'messengerGiftCount',
  'freeMessagesCount',
  'privateShowTickets',
  'chatShowTickets',
] as const satisfies readonly (keyof GuestBenefits)[];

/** The guest's benefits: counts of spins, gifts, free messages and tickets, and the vouchers behind them. */
export function Benefits() {
  const platform = usePlatform();
  const { t, i18n } = useTranslation();
  const load = useLoad(() => platform.api.rest(accountEndpoints.benefits));
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  return (
    <section>
      <h1>{t('benefits.title')}</h1>
      {load.state === 'loading' ? <Spinner label={t('loading')} /> : null}
      {load.state === 'failed' ? (
        <ErrorState title={t('error.title')} retryLabel={t('error.retry')} onRetry={load.retry} />
      ) : null}
      {load.state === 'ready' ? (
        <>
          <dl className="mf-account__benefits">
            {COUNTS.map((key) => (
              <div key={key} data-benefit={key}>
                <dt>{t(`benefits.counts.${key}`)}</dt>
                <dd>{load.data[key]}</dd>
              </div>
            ))}
          </dl>
          <h2>{t('benefits.vouchers')}</h2>
          {load.data.vouchers.length === 0 ? (
            <EmptyState title={t('benefits.none')} />
          ) : (
            <ul className="mf-account__vouchers">
              {load.data.vouchers.map((voucher) => (
                <li key={voucher.id}>
                  <strong>{t(`benefits.types.${VOUCHER_TYPES[voucher.type]}`, { count: voucher.amount })}</strong>{' '}
                  <span>
                    {voucher.validTo
                      ? t('benefits.validTo', { date: date.format(new Date(voucher.validTo)) })
                      : t('benefits.unlimited')}
                  </span>
                  {voucher.actors.length > 0 ? (
                    <span>
                      {' '}
                      {t('benefits.onlyFor')}{' '}
                      {voucher.actors.map((actor, index) => (
                        <span key={actor.id}>
                          {index > 0 ? ', ' : null}
                          <a href={platform.router.href('actorProfile', { actorName: actor.link })}>{actor.name}</a>
                        </span>
                      ))}
                    </span>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </>
      ) : null}
    </section>
  );
}
