import { useTranslation } from 'react-i18next';
import { tvEndpoints, type TvProgramType, type TvStream } from '@velvet/contracts';
import { LoadState, useGuest, useLanguage, useLoaded, usePlatform, useTimeZone, RouteButton } from '@velvet/federation';
import { LoginPrompt } from '@velvet/ui';
import { formatTime, pickText } from './format';
import { Breadcrumbs } from './Breadcrumbs';
import { ProgramList } from './ProgramList';

const UPCOMING = 6;

/** The show on air as a poster with its hosts; the live picture itself arrives with the HLS playout. */
export function OnAir({ stream }: { stream: TvStream }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const timeZone = useTimeZone();
  const show = stream.current ?? stream.next;
  if (!show) return <p>{t('stream.nothingScheduled')}</p>;
  const title = pickText(show.title, language);
  return (
    <figure className="mf-tv-onair">
      <img src={show.imageUrl} width={640} height={360} alt={title} loading="lazy" />
      <figcaption>
        <strong>
          {stream.current
            ? t('stream.now', { title })
            : t('stream.startsAt', { title, time: formatTime(show.begin, language, timeZone) })}
        </strong>
        {stream.hosts.length ? (
          <span>{t('program.hosts', { names: stream.hosts.map((host) => host.name).join(', ') })}</span>
        ) : null}
        {stream.current && stream.next ? (
          <span>
            {t('stream.next', {
              title: pickText(stream.next.title, language),
              time: formatTime(stream.next.begin, language, timeZone),
            })}
          </span>
        ) : null}
      </figcaption>
    </figure>
  );
}

/** Shown on premium TV to everyone without a TV subscription. */
function SubscriptionNeeded() {
  const { t } = useTranslation();
  const { ui } = usePlatform();
  const guest = useGuest();
  return (
    <div className="mf-tv-notice" role="note">
      <h2>{t('premium.subscriptionNeeded')}</h2>
      <p>{t(guest.flags.formerTvSubscriber ? 'premium.resubscribeText' : 'premium.subscriptionText')}</p>
      {guest.flags.loggedIn ? (
        <RouteButton to="tvSubscription">{t('premium.subscribe')}</RouteButton>
      ) : (
        <LoginPrompt text={t('premium.loginText')} buttonLabel={t('login')} ui={ui} />
      )}
    </div>
  );
}

export function LivestreamPage({ type }: { type: TvProgramType }) {
  const { t } = useTranslation();
  const { api } = usePlatform();
  const guest = useGuest();
  const loaded = useLoaded(`livestream:${type}`, async () => {
    const [stream, program] = await Promise.all([
      api.rest(tvEndpoints.stream, { params: { type } }),
      api.rest(tvEndpoints.program, { params: { type }, query: { limit: UPCOMING } }),
    ]);
    return { stream, entries: program.entries };
  });
  const locked = type === 'premium' && !guest.flags.tvSubscriber;
  return (
    <section className="mf-tv-page">
      <Breadcrumbs
        trail={
          type === 'premium'
            ? [
                { label: t('nav.premium'), route: 'tvPremiumLivestream' },
                { label: t('nav.livestream'), route: 'tvPremiumLivestream' },
              ]
            : [{ label: t('nav.livestream'), route: 'tvLivestream' }]
        }
      />
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
