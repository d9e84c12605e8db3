import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messengerEndpoints, type RecommendedActor } from '@velvet/contracts';
import { usePlatform } from '@velvet/federation';
import { Button, ErrorState, OnlineBadge, Section, Spinner, Tile, TileGrid } from '@velvet/ui';

/** Performers to write to; one going offline leaves the list. */
export function Recommendations({ onWrite }: { onWrite?: (actor: RecommendedActor) => void }) {
  const platform = usePlatform();
  const { t } = useTranslation();
  const [actors, setActors] = useState<RecommendedActor[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let active = true;
    platform.api
      .rest(messengerEndpoints.recommendations, { query: { useGrid: true } })
      .then((answer) => active && setActors(answer.actors))
      .catch(() => active && setFailed(true));
    return () => {
      active = false;
    };
  }, [platform, attempt]);

  useEffect(() => {
    const subscription = platform.bus
      .on('actorOffline')
      .subscribe(({ actorId }) => setActors((current) => current?.filter((actor) => actor.id !== actorId) ?? null));
    return () => subscription.unsubscribe();
  }, [platform]);

  const retry = () => {
    setFailed(false);
    setAttempt((n) => n + 1);
  };
  return (
    <Section title={t('recommendations.title')}>
      {failed ? (
        <ErrorState title={t('error.title')} retryLabel={t('error.retry')} onRetry={retry} />
      ) : !actors ? (
        <Spinner label={t('loading')} />
      ) : (
        <TileGrid label={t('recommendations.title')}>
          {actors.map((actor) => (
            <Tile
              key={actor.id}
              link={{
                href: platform.router.href('actorProfile', { actorName: actor.name }),
                onNavigate: () => platform.router.navigate('actorProfile', { actorName: actor.name }),
              }}
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
    </Section>
  );
}
