import { useTranslation } from 'react-i18next';
import { ACTOR_AVATAR_SIZE, type ActorListItem } from '@velvet/contracts';
import { OnlineBadge, Tile } from '@velvet/ui';
import { displayName } from '../format';
import { useRouteLink } from '../hooks';
import { ChatButton } from './ChatButton';

/** A performer card: avatar, online badge, name, age and country, and the chat button. */
export function ActorTile({ actor }: { actor: ActorListItem }) {
  const { t, i18n } = useTranslation();
  const linkTo = useRouteLink();
  const profile = linkTo('actorProfile', { actorName: actor.name });
  return (
    <Tile
      link={profile}
      image={{ src: actor.avatarUrl, ...ACTOR_AVATAR_SIZE, alt: actor.displayName }}
      title={actor.displayName}
      subtitle={t('actor.ageCountry', { age: actor.age, country: displayName(i18n.language, 'region', actor.country) })}
      badges={
        <>
          <OnlineBadge online={actor.isOnline} onlineLabel={t('actor.online')} offlineLabel={t('actor.offline')} />
          {actor.isNew ? <span className="vv-online-badge">{t('actor.new')}</span> : null}
        </>
      }
      footer={<ChatButton config={actor.chatButton} link={profile} />}
      dataAttributes={{ 'data-actor-id': String(actor.id), 'data-online': String(actor.isOnline) }}
    />
  );
}
