import { useTranslation } from 'react-i18next';
import { gamesEndpoints } from '@velvet/contracts';
import { LoadState, useGuestKey, useLanguage, useLoaded, usePlatform, useTimeZone } from '@velvet/federation';
import { formatDate } from '@velvet/i18n';
import { EmptyState } from '@velvet/ui';
import { rewardLabel } from './rewardLabel';

/** On the benefits page: what the guest won in games, the advent calendar and on the wheel, newest first. */
export function RewardsWidget() {
  const { t } = useTranslation();
  const { api } = usePlatform();
  const language = useLanguage();
  const timeZone = useTimeZone();
  const guestKey = useGuestKey();
  const loaded = useLoaded(`rewards:${guestKey}`, async () =>
    guestKey ? (await api.rest(gamesEndpoints.gainedRewards, { query: { language } })).rewards : [],
  );
  return (
    <section className="specials-rewards">
      <h2>{t('rewards.title')}</h2>
      <LoadState loaded={loaded}>
        {(rewards) =>
          rewards.length === 0 ? (
            <EmptyState title={t('rewards.none')} />
          ) : (
            <ul>
              {rewards.map((reward) => (
                <li key={reward.id} data-reward={reward.type}>
                  <strong>{rewardLabel(t, reward)}</strong>{' '}
                  <span>
                    {t(`rewards.source.${reward.source.split(':')[0]}`)} ·{' '}
                    {formatDate(reward.at, language, { dateStyle: 'medium', timeZone })}
                  </span>
                </li>
              ))}
            </ul>
          )
        }
      </LoadState>
    </section>
  );
}
