import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  eventsEndpoints,
  type EasterEvent,
  type EventData,
  type EventType,
  type RouteName,
  type UserActivityEvent,
} from '@velvet/contracts';
import {
  LoadState,
  RouteLink,
  useGuestKey,
  useLanguage,
  useLoaded,
  useLoggedIn,
  usePlatform,
  useTimeZone,
} from '@velvet/federation';
import { formatDate } from '@velvet/i18n';
import { ApiError } from '@velvet/sdk';
import { Button, EmptyState, LoginPrompt, Section } from '@velvet/ui';
import { formatBerlinDate } from '../format';
import { rewardLabel } from '../games/rewardLabel';

/** The current event of a type with the guest's standing; a claim answers the event after it. */
function useEventData<T extends EventData>(eventType: T['eventType']) {
  const { api } = usePlatform();
  const language = useLanguage();
  const guestKey = useGuestKey();
  return useLoaded(
    `event:${eventType}:${language}:${guestKey}`,
    async () => (await api.rest(eventsEndpoints.eventData, { params: { eventType }, query: { language } })) as T,
  );
}

/** Event's time: when it runs and until when its rewards can be claimed. */
function EventTimes({ event }: { event: EventData }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const running = event.hasStarted && !event.hasEnded;
  return (
    <p className="specials-event__times">
      {t(`events.status.${running ? 'running' : event.hasStarted ? 'ended' : 'upcoming'}`, {
        start: formatBerlinDate(event.start, language),
        end: formatBerlinDate(event.end, language),
      })}{' '}
      · {t('calendarEvents.claimUntil', { date: formatBerlinDate(event.rewardClaimEnd, language) })}
    </p>
  );
}

/** The event's rewards, each with what unlocks it and a claim button for the guest; then what she claimed. */
function EventRewards({
  event,
  requirement,
  onClaimed,
}: {
  event: EventData;
  requirement: (reward: EventData['rewards'][number]) => ReactNode;
  onClaimed: (event: EventData) => void;
}) {
  const { t } = useTranslation();
  const { api, ui } = usePlatform();
  const language = useLanguage();
  const timeZone = useTimeZone();
  const loggedIn = useLoggedIn();
  const [error, setError] = useState<string | null>(null);
  const claim = async (rewardId: number) => {
    setError(null);
    try {
      onClaimed(
        await api.rest(eventsEndpoints.claimEventReward, {
          params: { eventType: event.eventType as EventType, rewardId },
          query: { language },
        }),
      );
    } catch (failure) {
      const code = failure instanceof ApiError ? failure.code : null;
      setError(
        t(
          code === 'REWARD_CLAIM_ENDED' || code === 'REWARD_NOT_REDEEMABLE'
            ? `calendarEvents.errors.${code}`
            : 'games.failed',
        ),
      );
    }
  };
  return (
    <>
      <Section title={t('calendarEvents.rewards')}>
        {!loggedIn ? (
          <LoginPrompt text={t('calendarEvents.loginToClaim')} buttonLabel={t('common.login')} ui={ui} />
        ) : null}
        {error ? (
          <p className="specials-notice" role="alert">
            {error}
          </p>
        ) : null}
        <ul className="specials-event-rewards">
          {event.rewards.map((reward) => (
            <li key={reward.id} data-event-reward={reward.id}>
              <strong>{reward.info}</strong> <span>{requirement(reward)}</span>{' '}
              {reward.redeemed ? (
                <span className="specials-event-rewards__claimed">{t('calendarEvents.claimed')}</span>
              ) : reward.claimable ? (
                <Button size="small" onClick={() => void claim(reward.id)}>
                  {t('calendarEvents.claim')}
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      </Section>
      {event.history.length > 0 ? (
        <Section title={t('calendarEvents.history')}>
          <ul>
            {event.history.map((reward) => (
              <li key={reward.id}>
                <strong>{rewardLabel(t, reward)}</strong> ·{' '}
                {formatDate(reward.at, language, { dateStyle: 'medium', timeZone })}
              </li>
            ))}
          </ul>
        </Section>
      ) : null}
    </>
  );
}

/** The Easter egg hunt: how many eggs the guest found of those hidden on the site, and the rewards they unlock. */
export function EasterEventPage() {
  const { t } = useTranslation();
  const loaded = useEventData<EasterEvent>('easter');
  return (
    <div className="specials-page" data-event="easter">
      <LoadState loaded={loaded}>
        {(event) => (
          <>
            <h1>{event.name}</h1>
            <EventTimes event={event} />
            <p>{t('easter.intro')}</p>
            <p className="specials-event__progress" data-testid="easter-count">
              {t('easter.collected', { count: event.collectedEggs, total: event.totalEggs })}
            </p>
            <EventRewards
              event={event}
              requirement={(reward) =>
                'requiredEggs' in reward ? t('easter.requiredEggs', { count: reward.requiredEggs }) : null
              }
              onClaimed={(next) => loaded.update(() => next as EasterEvent)}
            />
          </>
        )}
      </LoadState>
    </div>
  );
}

/**
 * A link the event's data names by route (a page without arguments, such as `contests`); RouteLink shows the text
 * alone when this page load does not serve it, an unknown name included.
 */
function EventLink({ to, children }: { to: string; children: ReactNode }) {
  return <RouteLink to={to as Extract<RouteName, 'contests'>}>{children}</RouteLink>;
}

/** The user-activity event: points for what the guest does on the site (within daily limits), challenges, rewards. */
export function UserActivityPage() {
  const { t } = useTranslation();
  const loaded = useEventData<UserActivityEvent>('userActivity');
  return (
    <div className="specials-page" data-event="userActivity">
      <LoadState loaded={loaded}>
        {(event) =>
          event.activities.length === 0 ? (
            <EmptyState title={event.name} />
          ) : (
            <>
              <h1>{event.name}</h1>
              <EventTimes event={event} />
              <p className="specials-event__progress" data-testid="activity-points">
                {t('activity.points', { count: event.points })}
              </p>
              <Section title={t('activity.activities')}>
                <table className="specials-activities">
                  <thead>
                    <tr>
                      <th scope="col">{t('activity.activity')}</th>
                      <th scope="col">{t('activity.pointsColumn')}</th>
                      <th scope="col">{t('activity.vipBonus')}</th>
                      <th scope="col">{t('activity.today')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {event.activities.map((activity) => (
                      <tr key={activity.id} data-activity={activity.key}>
                        <th scope="row">
                          <EventLink to={activity.faqLink}>{activity.name}</EventLink>
                        </th>
                        <td>{activity.points}</td>
                        <td>+{activity.vipBonus}</td>
                        <td>{t('activity.doneToday', { done: activity.doneToday, limit: activity.limitPerDay })}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </Section>
              <Section title={t('activity.challenges')}>
                <ul className="specials-challenges">
                  {event.challenges.map((challenge) => (
                    <li key={challenge.id} data-fulfilled={challenge.fullfilled}>
                      <strong>
                        <EventLink to={challenge.link}>{challenge.name}</EventLink>
                      </strong>{' '}
                      {challenge.description} · {t('activity.challengePoints', { count: challenge.points })}
                      {challenge.fullfilled ? ` · ${t('activity.fulfilled')}` : ''}
                    </li>
                  ))}
                </ul>
              </Section>
              <EventRewards
                event={event}
                requirement={(reward) =>
                  'requiredPoints' in reward ? t('activity.requiredPoints', { count: reward.requiredPoints }) : null
                }
                onClaimed={(next) => loaded.update(() => next as UserActivityEvent)}
              />
            </>
          )
        }
      </LoadState>
    </div>
  );
}
