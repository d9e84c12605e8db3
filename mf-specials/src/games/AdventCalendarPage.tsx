import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { gamesEndpoints, type AdventDoor, type Language } from '@velvet/contracts';
import { LoadState, useGuestKey, useLanguage, useLoaded, useLoggedIn, usePlatform } from '@velvet/federation';
import { formatDate } from '@velvet/i18n';
import { ApiError } from '@velvet/sdk';
import { LoginPrompt } from '@velvet/ui';
import { rewardLabel } from './rewardLabel';

/**
 * The advent calendar: 24 doors, one a Berlin day. Today's door opens for a logged-in guest and shows what the
 * server granted; the others say when they open or that their day has passed.
 */
export function AdventCalendarPage() {
  const { t } = useTranslation();
  const { api, ui } = usePlatform();
  const language = useLanguage();
  const loggedIn = useLoggedIn();
  const guestKey = useGuestKey();
  const [opened, setOpened] = useState<AdventDoor | null>(null);
  const [error, setError] = useState<string | null>(null);
  const loaded = useLoaded(`advent:${guestKey}`, () =>
    api.rest(gamesEndpoints.adventCalendar, { query: { language } }),
  );
  const open = async (door: number) => {
    setError(null);
    try {
      setOpened(await api.rest(gamesEndpoints.openAdventDoor, { params: { door }, query: { language } }));
    } catch (failure) {
      const code = failure instanceof ApiError ? failure.code : null;
      setError(t(code === 'DOOR_NOT_OPEN_YET' || code === 'DOOR_CLOSED' ? `advent.errors.${code}` : 'games.failed'));
    } finally {
      loaded.reload();
    }
  };
  return (
    <div className="specials-page">
      <h1>{t('advent.title')}</h1>
      <p>{t('advent.intro')}</p>
      {!loggedIn ? <LoginPrompt text={t('advent.loginToOpen')} buttonLabel={t('common.login')} ui={ui} /> : null}
      {opened?.reward ? (
        <p className="specials-notice" role="status" data-testid="advent-result">
          {opened.reward.type === 'blank'
            ? t('games.noWin')
            : t('advent.opened', { door: opened.door, prize: rewardLabel(t, opened.reward) })}
        </p>
      ) : null}
      {error ? (
        <p className="specials-notice" role="alert">
          {error}
        </p>
      ) : null}
      <LoadState loaded={loaded}>
        {(calendar) => (
          <ol className="specials-advent" aria-label={t('advent.title')}>
            {calendar.doors.map((door) => (
              <li key={door.door} className={`specials-advent__door specials-advent__door--${door.state}`}>
                {door.state === 'open' && loggedIn ? (
                  <button
                    type="button"
                    onClick={() => void open(door.door)}
                    aria-label={t('advent.openDoor', { door: door.door })}
                  >
                    {door.door}
                  </button>
                ) : (
                  <span className="specials-advent__number">{door.door}</span>
                )}
                <span className="specials-advent__state">
                  {door.reward
                    ? rewardLabel(t, door.reward)
                    : t(`advent.state.${door.state}`, { date: formatDay(door.date, language) })}
                </span>
              </li>
            ))}
          </ol>
        )}
      </LoadState>
    </div>
  );
}

/** A Berlin day (YYYY-MM-DD) as the day and month of the page's language. */
const formatDay = (date: string, language: Language) =>
  formatDate(`${date}T12:00:00Z`, language, { day: 'numeric', month: 'long', timeZone: 'UTC' });
