import { useTranslation } from 'react-i18next';
import { chatEndpoints, type ActorListKind, type RouteName } from '@velvet/contracts';
import { LoadState, useLanguage, usePlatform, useLoaded, useRouteLink, useGuestKey } from '@velvet/federation';
import { EmptyState, Section } from '@velvet/ui';
import { ActorGrid, ActorGridPlaceholder } from '../components/ActorGrid';
import { useLiveOnlineState } from '../online';

/** One row of the tile grid: a home block shows a glimpse and links to the full list. */
export const WIDGET_ACTOR_COUNT = 5;

/** A compact home block of a performer list, with a link to its full page. */
export function ActorListWidget({ kind, route, title }: { kind: ActorListKind; route: RouteName; title: string }) {
  const { t } = useTranslation();
  const { api } = usePlatform();
  const language = useLanguage();
  const guestKey = useGuestKey();
  const more = useRouteLink()(route);
  const list = useLoaded(`actorList/${kind}/widget/${language}/${guestKey}`, () =>
    api.rest(chatEndpoints.actorList, { params: { kind }, query: { page: 1, pageSize: WIDGET_ACTOR_COUNT } }),
  );
  useLiveOnlineState();
  return (
    <Section title={title} more={more && { ...more, label: t('widgets.showAll') }}>
      <LoadState loaded={list} placeholder={<ActorGridPlaceholder count={WIDGET_ACTOR_COUNT} />}>
        {(data) =>
          data.items.length === 0 ? (
            <EmptyState title={t(`lists.${kind}.empty`)} />
          ) : (
            <ActorGrid label={title} actors={data.items} />
          )
        }
      </LoadState>
    </Section>
  );
}
