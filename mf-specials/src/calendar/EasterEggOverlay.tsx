import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { eventsEndpoints, type CollectedEgg, type EasterEgg, type WidgetProps } from '@velvet/contracts';
import { RouteLink, useGuestKey, useLoaded, usePlatform } from '@velvet/federation';
import { ApiError } from '@velvet/sdk';

/**
 * The Easter eggs hidden on the page the shell shows (its route), laid over it at their spots. A guest collects
 * one with the token the server issued her for it; a visitor is asked to log in. Nothing shows outside the hunt.
 */
export function EasterEggOverlay({ route }: WidgetProps<'page.overlay'>) {
  const { t } = useTranslation();
  const { api, ui } = usePlatform();
  const guestKey = useGuestKey();
  const loaded = useLoaded(
    `easter.eggs:${guestKey}:${route}`,
    async () => (await api.rest(eventsEndpoints.easterEggs, { params: { page: route } })).eggs,
  );
  const [found, setFound] = useState<CollectedEgg | null>(null);
  const [failed, setFailed] = useState(false);
  const collect = async (egg: EasterEgg) => {
    if (!egg.token) {
      ui.open('login');
      return;
    }
    setFailed(false);
    try {
      setFound(await api.rest(eventsEndpoints.collectEgg, { body: { verificationToken: egg.token } }));
      loaded.update((eggs) => eggs?.filter((other) => other.id !== egg.id));
    } catch (failure) {
      // An egg found in another tab is simply gone; anything else says so and asks the server again.
      if (!(failure instanceof ApiError && failure.code === 'EGG_ALREADY_COLLECTED')) setFailed(true);
      loaded.reload();
    }
  };
  const eggs = loaded.status === 'done' ? loaded.data : [];
  if (eggs.length === 0 && !found && !failed) return null;
  return (
    <div className="specials-eggs">
      {eggs.map((egg) => (
        <button
          key={egg.id}
          type="button"
          className={`specials-egg specials-egg--spot-${egg.spot}`}
          data-egg={egg.id}
          aria-label={t('easter.egg')}
          onClick={() => void collect(egg)}
        >
          <svg viewBox="0 0 24 32" width="24" height="32" aria-hidden="true">
            <ellipse cx="12" cy="17" rx="11" ry="14" />
            <path d="M2 16 Q7 12 12 16 T22 16" />
          </svg>
        </button>
      ))}
      {found || failed ? (
        <p className="specials-eggs__found" role={failed ? 'alert' : 'status'} data-testid="easter-found">
          {failed ? (
            t('easter.failed')
          ) : (
            <>
              {t('easter.found', { count: found!.collectedEggs, total: found!.totalEggs })}{' '}
              <RouteLink to="easterEvent">{t('easter.toRewards')}</RouteLink>
            </>
          )}
          <button
            type="button"
            className="specials-eggs__close"
            onClick={() => {
              setFound(null);
              setFailed(false);
            }}
          >
            {t('easter.close')}
          </button>
        </p>
      ) : null}
    </div>
  );
}
