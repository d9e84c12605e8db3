import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messengerEndpoints, type RecommendedActor } from '@velvet/contracts';
import { LoadState, useLoaded, usePlatform, routeLink, useGuestKey } from '@velvet/federation';
import { Button, OnlineBadge, Section, Tile, TileGrid } from '@velvet/ui';

/** Performers to write to; one going offline leaves the list. */
export function Recommendations({ onWrite }: { onWrite?: (actor: RecommendedActor) => void }) {
  const platform = usePlatform();
  const { t } = useTranslation();
  const guestKey = useGuestKey();
  const loaded = useLoaded(`messenger.recommendations:${guestKey}`, () =>
    platform.api.rest(messengerEndpoints.recommendations, { query: { useGrid: true } }),
  );
  /** Performers who went offline since the list was loaded. */
  const [offline, setOffline] = useState<ReadonlySet<number>>(new Set());

  useEffect(() => {
    const subscription = platform.bus
      .on('actorOffline')
      .subscribe(({ actorId }) => setOffline((current) => new Set(current).add(actorId)));
    return () => subscription.unsubscribe();
  }, [platform]);

  return (
    <Section title={t('recommendations.title')}>
      <LoadState loaded={loaded}>
        {({ actors }) => (
          <TileGrid label={t('recommendations.title')}>
            {actors
              .filter((actor) => !offline.has(actor.id))
              .map((actor) => (
                <Tile
                  key={actor.id}
                  link={routeLink(platform.router, 'actorProfile', { actorName: actor.name })}
                  image={{ src: actor.avatarUrl, width: 320, height: 320, alt: actor.displayName }}
                  title={actor.displayName}
                  subtitle={t('age', { age: actor.age })}
                  badges={<OnlineBadge online={actor.isOnline} onlineLabel={t('online')} offlineLabel={t('offline')} />}
                  footer={
                    onWrite ? (
                      <Button size="small" onClick={() => onWrite(actor)}>
                        {t('recommendations.write')}
                      </Button>
                    ) : undefined
                  }
                />
              ))}
          </TileGrid>
        )}
      </LoadState>
    </Section>
  );
}
