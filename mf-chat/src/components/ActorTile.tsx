import { useTranslation } from 'react-i18next';
import { ACTOR_AVATAR_SIZE, type ActorListItem } from '@velvet/contracts';
import { OnlineBadge, Tile } from '@velvet/ui';
import { displayName } from '../format';
import { ChatButton } from './ChatButton';
import { ProfileHoverCard } from './ProfileHoverCard';
import { useRouteLink } from '@velvet/federation';

/** A performer of a list; the search adds her distance from the searched place. */
export type ActorCard = ActorListItem & { distanceKm?: number | null };

/**
 * A performer card: avatar, online badge, name, age and country (and distance), and the chat button; hovered, her
 * profile preview over the avatar.
 */
export function ActorTile({ actor }: { actor: ActorCard }) {
  const { t, i18n } = useTranslation();
  const linkTo = useRouteLink();
  const ageCountry = t('actor.ageCountry', {
    age: actor.age,
    country: displayName(i18n.language, 'region', actor.country),
  });
  return (
    <ProfileHoverCard actorId={actor.id}>
      <Tile
        link={linkTo('actorProfile', { actorName: actor.name })}
        image={{ src: actor.avatarUrl, ...ACTOR_AVATAR_SIZE, alt: actor.displayName }}
        title={actor.displayName}
        subtitle={
          actor.distanceKm === null || actor.distanceKm === undefined ? (
            ageCountry
          ) : (
            <>
              {ageCountry} · <span data-distance>{t('search.distance', { km: actor.distanceKm })}</span>
            </>
          )
        }
        badges={
          <>
            <OnlineBadge online={actor.isOnline} onlineLabel={t('actor.online')} offlineLabel={t('actor.offline')} />
            {actor.isNew ? <span className="vv-online-badge">{t('actor.new')}</span> : null}
          </>
        }
        footer={<ChatButton config={actor.chatButton} actorName={actor.name} displayName={actor.displayName} />}
        dataAttributes={{ 'data-actor-id': String(actor.id), 'data-online': String(actor.isOnline) }}
      />
    </ProfileHoverCard>
  );
}
