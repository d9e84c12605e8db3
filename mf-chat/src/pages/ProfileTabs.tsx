import { useTranslation } from 'react-i18next';
import type { ActorProfile, CurrentRoute, SlotProps } from '@velvet/contracts';
import { SlotHost, useLanguage, RouteButton, RouteLink, useTimeZone } from '@velvet/federation';
import { formatDate } from '@velvet/i18n';
import { EmptyState, Price, Section } from '@velvet/ui';
import { ProfileTickets } from '../components/ProfileTickets';
import { shownRating } from '../components/rating';
import { displayName, formatChatPrice } from '../format';
import { LiveShowPage } from './LiveShowPage';

export type ProfileTabName = 'overview' | 'about' | 'videos' | 'pictures' | 'feed' | 'liveShow' | 'topCams';

function Sedcards({ actor }: { actor: ActorProfile }) {
  const { t } = useTranslation();
  return (
    <ul className="mf-chat-sedcards" aria-label={t('profile.sedcards', { name: actor.displayName })}>
      {actor.sedcards.map((picture, index) => (
        <li key={picture.id}>
          <img
            src={picture.url}
            width={picture.width}
            height={picture.height}
            alt={t('profile.sedcardAlt', { name: actor.displayName, number: index + 1 })}
            loading="lazy"
            decoding="async"
          />
        </li>
      ))}
    </ul>
  );
}

function Categories({ actor }: { actor: ActorProfile }) {
  const { t } = useTranslation();
  return (
    <p>
      {t('profile.categories')}{' '}
      {actor.categories.map((category, index) => {
        return (
          <span key={category.id}>
            {index > 0 ? ', ' : null}
            <RouteLink to="category" args={{ categorySlug: category.slug }}>
              {category.name}
            </RouteLink>
          </span>
        );
      })}
    </p>
  );
}

function About({ actor }: { actor: ActorProfile }) {
  const { t, i18n } = useTranslation();
  const language = useLanguage();
  const timeZone = useTimeZone();
  const prices = [
    ['videoChat', actor.chatPrices.videoChat],
    ['voyeurChat', actor.chatPrices.voyeurChat],
    ['singleChat', actor.chatPrices.singleChat],
    ['singleC2CChat', actor.chatPrices.singleC2CChat],
    ['ticketShow', actor.chatPrices.ticketShow],
  ] as const;
  const features = (Object.keys(actor.chatFeatures) as (keyof ActorProfile['chatFeatures'])[]).filter(
    (key) => actor.chatFeatures[key],
  );
  return (
    <>
      <Section title={t('profile.about.title', { name: actor.displayName })}>
        <p>{actor.profile.aboutMe}</p>
        <dl className="mf-chat-facts">
          <dt>{t('profile.about.age')}</dt>
          <dd>{actor.profile.age}</dd>
          <dt>{t('profile.about.country')}</dt>
          <dd>{displayName(i18n.language, 'region', actor.profile.country)}</dd>
          <dt>{t('profile.about.languages')}</dt>
          <dd>{actor.profile.languages.map((code) => displayName(i18n.language, 'language', code)).join(', ')}</dd>
          <dt>{t('profile.about.registeredSince')}</dt>
          <dd>{formatDate(actor.registeredSince, language, { dateStyle: 'long', timeZone })}</dd>
        </dl>
        <Categories actor={actor} />
      </Section>
      <Section title={t('profile.about.prices')}>
        <dl className="mf-chat-facts">
          {prices.map(([key, amount]) => (
            <div key={key}>
              <dt>{t(`profile.prices.${key}`)}</dt>
              <dd>
                <Price
                  amount={key === 'videoChat' && actor.freeChat ? 0 : amount}
                  format={formatChatPrice}
                  freeLabel={t('chat.free')}
                  unit={key === 'ticketShow' ? undefined : t('chat.perMinute')}
                />
              </dd>
            </div>
          ))}
        </dl>
        {features.length > 0 ? (
          <p>
            {t('profile.features.title')} {features.map((key) => t(`profile.features.${key}`)).join(', ')}
          </p>
        ) : null}
      </Section>
    </>
  );
}

function TopCams({ actor }: { actor: ActorProfile }) {
  const { t } = useTranslation();
  const all = (
    <RouteButton to="topCams" variant="secondary">
      {t('profile.topCams.all')}
    </RouteButton>
  );
  const rating = shownRating(actor);
  if (actor.topCamRank === null || rating === null) {
    return <EmptyState title={t('profile.topCams.unranked', { name: actor.displayName })} action={all} />;
  }
  return (
    <Section title={t('profile.topCams.rank', { name: actor.displayName, rank: actor.topCamRank })}>
      <p>{t('profile.rating', { average: rating.average, count: rating.count })}</p>
      <p>{t('profile.topCams.satisfaction', { rate: rating.satisfactionRate })}</p>
      {all}
    </Section>
  );
}

/** The content below the tabs; videos and pictures come from the media remote, the feed from the feed remote, through their slots. */
export function ProfileTab({ tab, actor, route }: { tab: ProfileTabName; actor: ActorProfile; route: CurrentRoute }) {
  const { t } = useTranslation();
  const widgetProps = { actorId: actor.id, actorName: actor.name };
  switch (tab) {
    case 'overview':
      return (
        <>
          <SlotHost slot="actorProfile.onTv" props={widgetProps} fallback={null} />
          <Sedcards actor={actor} />
          <p>{actor.profile.aboutMe}</p>
          <Categories actor={actor} />
          <ProfileTickets actor={actor} />
        </>
      );
    case 'about':
      return <About actor={actor} />;
    case 'videos': {
      // The media widget narrows the videos to the sub-page: classic ones, or one tag group.
      const variant: Pick<SlotProps<'actorProfile.videos'>, 'classic' | 'tagGroup'> = {};
      if (route.name === 'actorClassicVideos') variant.classic = true;
      if (route.args['tagGroup']) variant.tagGroup = route.args['tagGroup'];
      return (
        <SlotHost
          slot="actorProfile.videos"
          props={{ ...widgetProps, ...variant }}
          fallback={<EmptyState title={t('profile.unavailable.videos')} />}
        />
      );
    }
    case 'pictures':
      return (
        <SlotHost
          slot="actorProfile.pictures"
          props={widgetProps}
          fallback={<EmptyState title={t('profile.unavailable.pictures')} />}
        />
      );
    case 'feed':
      return (
        <SlotHost
          slot="actorProfile.feed"
          props={widgetProps}
          fallback={<EmptyState title={t('profile.unavailable.feed')} />}
        />
      );
    case 'liveShow':
      return <LiveShowPage actor={actor} />;
    case 'topCams':
      return <TopCams actor={actor} />;
  }
}
