import { useTranslation } from 'react-i18next';
import { tvEndpoints, type SlotProps } from '@velvet/contracts';
import { RouteButton, useLanguage, useLoaded, usePlatform, useTimeZone } from '@velvet/federation';
import { formatDay, formatTime } from './format';

/**
 * On a performer's profile: that she is on TV now, with a button to watch the channel, or when her next show
 * starts; nothing when she has none, or when the answer fails (the profile is whole without it).
 */
export function ActorOnTv({ actorId }: SlotProps<'actorProfile.onTv'>) {
  const { t } = useTranslation();
  const { api } = usePlatform();
  const language = useLanguage();
  const timeZone = useTimeZone();
  const loaded = useLoaded(`actorTv:${actorId}`, () => api.rest(tvEndpoints.actorLivestream, { params: { actorId } }));
  if (loaded.status !== 'done') return null;
  const { onAir, stream, next } = loaded.data;
  if (onAir && stream?.current) {
    return (
      <p className="mf-tv-actor-onair">
        <strong>{t('actor.onAir', { title: stream.current.title[language] })}</strong>{' '}
        <RouteButton to={onAir === 'live' ? 'tvLivestream' : 'tvPremiumLivestream'} variant="primary" size="small">
          {t('actor.watch')}
        </RouteButton>
      </p>
    );
  }
  if (!next) return null;
  return (
    <p className="mf-tv-actor-onair">
      {t('actor.next', {
        title: next.title[language],
        day: formatDay(next.begin, language, timeZone),
        time: formatTime(next.begin, language, timeZone),
      })}
    </p>
  );
}
