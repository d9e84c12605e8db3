import { Fragment, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  SUBSCRIPTION_PLANS,
  SUBSCRIPTION_PLAN_IDS,
  TV_PREVIEW_SECONDS,
  formatCurrency,
  tvEndpoints,
  type TvProgramType,
  type TvStream,
} from '@velvet/contracts';
import {
  LoadState,
  RouteButton,
  useBrowserValue,
  useGuest,
  useGuestKey,
  useLanguage,
  useLoaded,
  usePlatform,
  usePlayerText,
  useTimeZone,
} from '@velvet/federation';
import { Button, LoginPrompt } from '@velvet/ui';
import { LivePlayer } from '@velvet/ui/player';
import { formatTime } from './format';
import { ProgramList } from './ProgramList';

const UPCOMING = 6;

/** The hosts on air, each linked to her profile (the server's path) while the profiles' pages are served. */
function Hosts({ hosts }: { hosts: TvStream['hosts'] }) {
  const { t } = useTranslation();
  const linked = usePlatform().router.has('actorProfile');
  return (
    <span>
      {t('stream.hostsLabel')}{' '}
      {hosts.map((host, index) => (
        <Fragment key={host.uid}>
          {index ? ', ' : null}
          {linked ? <a href={host.link}>{host.name}</a> : host.name}
        </Fragment>
      ))}
    </span>
  );
}

/** The show on air with its hosts and what follows (the picture itself is the player above it). */
export function OnAir({ stream }: { stream: TvStream }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const timeZone = useTimeZone();
  const show = stream.current ?? stream.next;
  if (!show) return <p>{t('stream.nothingScheduled')}</p>;
  const title = show.title[language];
  return (
    <figure className="mf-tv-onair">
      {stream.streamUrl || stream.previewUrl ? null : (
        <img src={stream.posterUrl ?? show.imageUrl} width={640} height={360} alt={title} loading="lazy" />
      )}
      <figcaption>
        <strong>
          {stream.current
            ? t('stream.now', { title })
            : t('stream.startsAt', { title, time: formatTime(show.begin, language, timeZone) })}
        </strong>
        {stream.hosts.length ? <Hosts hosts={stream.hosts} /> : null}
        {stream.current && stream.next ? (
          <span>
            {t('stream.next', {
              title: stream.next.title[language],
              time: formatTime(stream.next.begin, language, timeZone),
            })}
          </span>
        ) : null}
      </figcaption>
    </figure>
  );
}

/** The TV plans on sale: name, period and price (the subscriptions' own plans, in EUR). */
function PriceTable() {
  const { t } = useTranslation();
  const language = useLanguage();
  const plans = SUBSCRIPTION_PLAN_IDS.filter((id) => SUBSCRIPTION_PLANS[id].kind === 'tv').map((id) => ({
    id,
    ...SUBSCRIPTION_PLANS[id],
  }));
  return (
    <table className="mf-tv-prices">
      <caption>{t('premium.prices')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('premium.period')}</th>
          <th scope="col">{t('premium.price')}</th>
        </tr>
      </thead>
      <tbody>
        {plans.map((plan) => (
          <tr key={plan.id} data-plan={plan.id}>
            <td>{t('premium.days', { count: plan.days })}</td>
            <td>{formatCurrency(plan.priceCents, 'EUR', language)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * Shown on premium TV to everyone without a TV subscription: the price table and the buy button, which opens the
 * TV subscription's flow (the account's plans and payment in the shell's modal), beside the link to its page.
 */
function SubscriptionNeeded() {
  const { t } = useTranslation();
  const { ui } = usePlatform();
  const guest = useGuest();
  return (
    <div className="mf-tv-notice" role="note">
      <h2>{t('premium.subscriptionNeeded')}</h2>
      <p>{t(guest.flags.formerTvSubscriber ? 'premium.resubscribeText' : 'premium.subscriptionText')}</p>
      <PriceTable />
      {guest.flags.loggedIn ? (
        <div className="mf-tv-actions">
          <Button onClick={() => ui.open('tvSubscription')}>{t('premium.buy')}</Button>
          <RouteButton variant="secondary" to="tvSubscription">
            {t('premium.subscribe')}
          </RouteButton>
        </div>
      ) : (
        <LoginPrompt text={t('premium.loginText')} buttonLabel={t('login')} ui={ui} />
      )}
    </div>
  );
}

/**
 * The channel's picture: the live player once the page has hydrated (it plays in the browser only; the server
 * and the hydration render the poster, so the markup matches). On premium TV without a subscription it plays the
 * preview for TV_PREVIEW_SECONDS and then shows the poster with a note.
 */
export function ChannelPlayer({ stream }: { stream: TvStream }) {
  const { t } = useTranslation();
  const playerText = usePlayerText();
  const hydrated = useBrowserValue(() => true, false);
  const preview = !stream.streamUrl && stream.previewUrl !== null;
  const url = stream.streamUrl ?? stream.previewUrl;
  const [previewOver, setPreviewOver] = useState(false);
  useEffect(() => {
    if (!preview || !hydrated) return;
    const timer = setTimeout(() => setPreviewOver(true), TV_PREVIEW_SECONDS * 1000);
    return () => clearTimeout(timer);
  }, [preview, hydrated, url]);
  if (!url || !stream.posterUrl) return null;
  const poster = <img className="mf-tv-poster" src={stream.posterUrl} width={640} height={360} alt="" />;
  return (
    <div className="mf-tv-player" data-preview={preview || undefined}>
      {!hydrated || (preview && previewOver) ? (
        poster
      ) : (
        <LivePlayer
          key={url}
          url={url}
          posterUrl={stream.posterUrl}
          text={playerText}
          // A preview whose time ran out is refused by the server: that is its end, not a failure.
          onFatalError={preview ? () => setPreviewOver(true) : undefined}
        />
      )}
      {preview ? (
        <p role="status" className="mf-tv-preview">
          {previewOver ? t('premium.previewOver') : t('premium.preview', { seconds: TV_PREVIEW_SECONDS })}
        </p>
      ) : null}
    </div>
  );
}

export function LivestreamPage({ type }: { type: TvProgramType }) {
  const { t } = useTranslation();
  const { api } = usePlatform();
  const guest = useGuest();
  const guestKey = useGuestKey();
  const locked = type === 'premium' && !guest.flags.tvSubscriber;
  // The stream's URLs are the guest's: a subscription that starts (the `subscription` push) loads them again.
  const loaded = useLoaded(`livestream:${type}:${guestKey}:${locked ? 'locked' : 'open'}`, async () => {
    const [stream, program] = await Promise.all([
      api.rest(tvEndpoints.stream, { params: { type } }),
      api.rest(tvEndpoints.program, { params: { type }, query: { limit: UPCOMING } }),
    ]);
    return { stream, entries: program.entries };
  });
  return (
    <section className="mf-tv-page">
      <h1>{t(`stream.${type}.title`)}</h1>
      {locked ? (
        <SubscriptionNeeded />
      ) : type === 'premium' ? (
        <p role="status" className="mf-tv-subscribed">
          {t('premium.subscribed')}
        </p>
      ) : null}
      <LoadState loaded={loaded}>
        {({ stream, entries }) => (
          <>
            <ChannelPlayer stream={stream} />
            <OnAir stream={stream} />
            <h2>{t('program.upcoming')}</h2>
            <ProgramList entries={entries} label={t('program.upcoming')} />
            <RouteButton variant="secondary" to="tvProgram">
              {t('program.all')}
            </RouteButton>
          </>
        )}
      </LoadState>
    </section>
  );
}
