import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import {
  accountEndpoints,
  VOUCHER_TYPES,
  type GuestBenefits,
  type IncomingMessage,
  type Voucher,
} from '@velvet/contracts';
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
import { ApiError } from '@velvet/sdk';
import { Button, EmptyState, useAction } from '@velvet/ui';
import { BonusCodeForm } from './BonusCode';

const COUNTS = [
  'spinwheelSpins',
  'messengerGiftCount',
  'freeMessagesCount',
  'privateShowTickets',
  'chatShowTickets',
  'bonusCodeCount',
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
  const { update } = loaded;
  // Vouchers granted or used anywhere (a game, a purchase, another tab) arrive as the benefits as they are now.
  useEffect(() => {
    const subscription = platform.bus
      .on('guestVouchers')
      .subscribe(({ type: _type, ...benefits }: Extract<IncomingMessage, { type: 'guestVouchers' }>) =>
        update(() => benefits),
      );
    return () => subscription.unsubscribe();
  }, [platform.bus, update]);
  const using = useAction((failure) =>
    t(`benefits.errors.${failure instanceof ApiError ? failure.code : 'network'}`, {
      defaultValue: t('benefits.errors.generic'),
    }),
  );
  const redeem = (voucher: Voucher) =>
    void using.run(async () => {
      const use = await platform.api.rest(accountEndpoints.useVoucher, {
        params: { voucherId: voucher.id },
        body: {},
        idempotencyKey: crypto.randomUUID(),
      });
      update(() => use.benefits);
      platform.ui.toast(t(`benefits.redeemed.${VOUCHER_TYPES[voucher.type]}`, { count: use.used }), 'success');
    });
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
                    ) : null}{' '}
                    <VoucherAction voucher={voucher} busy={using.busy} onRedeem={redeem} />
                  </li>
                ))}
              </ul>
            )}
            {using.error ? (
              <p role="alert" className="mf-account__notice">
                {using.error}
              </p>
            ) : null}
          </>
        )}
      </LoadState>
      {/* What games and the advent calendar gave her, when the specials remote runs. */}
      <SlotHost slot="myAccount.rewards" className="mf-account__rewards" fallback={null} />
    </section>
  );
}

/** Vouchers that pay by themselves where they apply, with the words saying where. */
const WHERE_USED = new Set<string>(['photoAlbum', 'messages', 'messengerGift', 'liveShow', 'privateShow']);

/**
 * What the guest does with a voucher: credits and spins are redeemed here (coins, wheel spins); a video or photo
 * album voucher buys one on its page, so it links to the performer it is limited to (or to the videos); a bonus-code
 * voucher is a scratch card, scratched on its page; the rest
 * pay by themselves where they apply (chat minutes, messages, gifts, show tickets).
 */
function VoucherAction({
  voucher,
  busy,
  onRedeem,
}: {
  voucher: Voucher;
  busy: boolean;
  onRedeem: (voucher: Voucher) => void;
}) {
  const { t } = useTranslation();
  const name = VOUCHER_TYPES[voucher.type];
  if (name === 'credits' || name === 'spins') {
    return (
      <Button size="small" disabled={busy} onClick={() => onRedeem(voucher)}>
        {t(`benefits.redeem.${name}`)}
      </Button>
    );
  }
  const [only] = voucher.actors;
  if ((name === 'video' || name === 'photoAlbum') && voucher.actors.length === 1 && only) {
    return (
      <RouteLink to="actorProfile" args={{ actorName: only.link }}>
        {t(`benefits.choose.${name}`)}
      </RouteLink>
    );
  }
  if (name === 'video') return <RouteLink to="videos">{t('benefits.choose.video')}</RouteLink>;
  if (name === 'bonusCode') return <RouteLink to="scratchCard">{t('benefits.choose.bonusCode')}</RouteLink>;
  if (!WHERE_USED.has(name)) return null;
  return <span className="mf-account__hint">{t(`benefits.where.${name}`)}</span>;
}
