import { useTranslation } from 'react-i18next';
import { accountEndpoints, VOUCHER_TYPES, type GuestBenefits } from '@velvet/contracts';
import {
  LoadState,
  useLanguage,
  useLoaded,
  usePlatform,
  RouteLink,
  SlotHost,
  useTimeZone,
  useGuestKey,
} from '@velvet/federation';
import { formatDate } from '@velvet/i18n';
import { EmptyState } from '@velvet/ui';
import { BonusCodeForm } from './BonusCode';

const COUNTS = [
  'spinwheelSpins',
  'messengerGiftCount',
  'freeMessagesCount',
  'privateShowTickets',
  'chatShowTickets',
] as const satisfies readonly (keyof GuestBenefits)[];

/**
 * The guest's benefits: counts of spins, gifts, free messages and tickets, the vouchers behind them, and the rewards
 * she won (a widget of the specials remote).
 */
export function Benefits() {
  const platform = usePlatform();
  const { t } = useTranslation();
  const language = useLanguage();
  const timeZone = useTimeZone();
  const guestKey = useGuestKey();
  const loaded = useLoaded(`account.benefits:${guestKey}`, () => platform.api.rest(accountEndpoints.benefits));
  return (
    <section>
      <h1>{t('benefits.title')}</h1>
      <BonusCodeForm onRedeemed={loaded.reload} />
      <LoadState loaded={loaded}>
        {(benefits) => (
          <>
            <dl className="mf-account__benefits">
              {COUNTS.map((key) => (
                <div key={key} data-benefit={key}>
                  <dt>{t(`benefits.counts.${key}`)}</dt>
                  <dd>{benefits[key]}</dd>
                </div>
              ))}
            </dl>
            <h2>{t('benefits.vouchers')}</h2>
            {benefits.vouchers.length === 0 ? (
              <EmptyState title={t('benefits.none')} />
            ) : (
              <ul className="mf-account__vouchers">
                {benefits.vouchers.map((voucher) => (
                  <li key={voucher.id}>
                    <strong>{t(`benefits.types.${VOUCHER_TYPES[voucher.type]}`, { count: voucher.amount })}</strong>{' '}
                    <span>
                      {voucher.validTo
                        ? t('benefits.validTo', {
                            date: formatDate(voucher.validTo, language, { dateStyle: 'medium', timeZone }),
                          })
                        : t('benefits.unlimited')}
                    </span>
                    {voucher.actors.length > 0 ? (
                      <span>
                        {' '}
                        {t('benefits.onlyFor')}{' '}
                        {voucher.actors.map((actor, index) => (
                          <span key={actor.id}>
                            {index > 0 ? ', ' : null}
                            <RouteLink to="actorProfile" args={{ actorName: actor.link }}>
                              {actor.name}
                            </RouteLink>
                          </span>
                        ))}
                      </span>
                    ) : null}
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </LoadState>
      {/* What games and the advent calendar gave her, when the specials remote runs. */}
      <SlotHost slot="myAccount.rewards" className="mf-account__rewards" fallback={null} />
    </section>
  );
}
