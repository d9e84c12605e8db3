import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  claimActorGiftCalendarRewardMutation,
  eventsEndpoints,
  type GiftCalendarDay,
  type PerformerGiftCalendar,
} from '@velvet/contracts';
import {
  LoadState,
  RouteLink,
  useGuestKey,
  useLanguage,
  useLoaded,
  useLoggedIn,
  usePlatform,
} from '@velvet/federation';
import { ApiError } from '@velvet/sdk';
import { EmptyState, LoginPrompt, Section, useAction } from '@velvet/ui';
import { formatDay } from '../format';
import { rewardLabel } from '../games/rewardLabel';

/**
 * The performers' gift calendars: a gift a Berlin day for each of them. A logged-in guest opens today's gift of a
 * calendar and sees what the server granted; the other days say when they open, that they passed, or what they gave.
 */
export function GiftCalendarPage() {
  const { t } = useTranslation();
  const { api, ui } = usePlatform();
  const loggedIn = useLoggedIn();
  const guestKey = useGuestKey();
  const [opened, setOpened] = useState<{ actorName: string; day: GiftCalendarDay } | null>(null);
  const loaded = useLoaded(
    `giftCalendars:${guestKey}`,
    async () => (await api.rest(eventsEndpoints.giftCalendars)).calendars,
  );
  const opening = useAction((failure) => {
    const code = failure instanceof ApiError ? failure.code : null;
    return t(code === 'DOOR_NOT_OPEN_YET' || code === 'DOOR_CLOSED' ? `advent.errors.${code}` : 'games.failed');
  });
  const open = (calendar: PerformerGiftCalendar, day: GiftCalendarDay) =>
    void opening
      .run(async () => {
        const { claimActorGiftCalendarReward } = await api.query(claimActorGiftCalendarRewardMutation, {
          actorId: calendar.actorId,
          qmday: day.date,
        });
        setOpened({ actorName: calendar.actorName, day: claimActorGiftCalendarReward });
      })
      .finally(loaded.reload);
  return (
    <div className="specials-page">
      <h1>{t('giftCalendar.title')}</h1>
      <p>{t('giftCalendar.intro')}</p>
      {!loggedIn ? <LoginPrompt text={t('giftCalendar.loginToOpen')} buttonLabel={t('common.login')} ui={ui} /> : null}
      {opened?.day.reward ? (
        <p className="specials-notice" role="status" data-testid="gift-calendar-result">
          {opened.day.reward.type === 'blank'
            ? t('games.noWin')
            : t('giftCalendar.opened', { name: opened.actorName, prize: rewardLabel(t, opened.day.reward) })}
        </p>
      ) : null}
      {opening.error ? (
        <p className="specials-notice" role="alert">
          {opening.error}
        </p>
      ) : null}
      <LoadState loaded={loaded}>
        {(calendars) =>
          calendars.length === 0 ? (
            <EmptyState title={t('giftCalendar.none')} />
          ) : (
            calendars.map((calendar) => (
              <Section key={calendar.actorId} title={t('giftCalendar.of', { name: calendar.actorName })} level={2}>
                <RouteLink to="actorProfile" args={{ actorName: calendar.link }}>
                  {t('giftCalendar.profile', { name: calendar.actorName })}
                </RouteLink>
                <CalendarDays
                  calendar={calendar}
                  canOpen={loggedIn && !opening.busy}
                  onOpen={(day) => open(calendar, day)}
                />
              </Section>
            ))
          )
        }
      </LoadState>
    </div>
  );
}

function CalendarDays({
  calendar,
  canOpen,
  onOpen,
}: {
  calendar: PerformerGiftCalendar;
  canOpen: boolean;
  onOpen: (day: GiftCalendarDay) => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <ol className="specials-advent" aria-label={t('giftCalendar.of', { name: calendar.actorName })}>
      {calendar.days.map((day) => {
        const date = formatDay(day.date, language);
        return (
          <li key={day.date} className={`specials-advent__door specials-advent__door--${day.state}`}>
            {day.state === 'open' && canOpen ? (
              <button
                type="button"
                onClick={() => onOpen(day)}
                aria-label={t('giftCalendar.open', { name: calendar.actorName })}
              >
                🎁
              </button>
            ) : (
              <span className="specials-advent__state">{date}</span>
            )}
            <span className="specials-advent__state">
              {day.reward ? rewardLabel(t, day.reward) : t(`advent.state.${day.state}`, { date })}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
