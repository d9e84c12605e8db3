import { useTranslation } from 'react-i18next';
import { spinwheelQuery, type Spinwheel } from '@velvet/contracts';
import { LoadState, useLanguage, useLoaded, useLoggedIn, usePlatform } from '@velvet/federation';
import { LoginPrompt, Section } from '@velvet/ui';

const SIZE = 240;
const RADIUS = SIZE / 2 - 4;

/** The wheel as an SVG: one slice per segment, labelled. */
function Wheel({ segments }: { segments: Spinwheel['segments'] }) {
  const { t } = useTranslation();
  const angle = (2 * Math.PI) / segments.length;
  const point = (a: number, r = RADIUS) => `${SIZE / 2 + r * Math.sin(a)} ${SIZE / 2 - r * Math.cos(a)}`;
  return (
    <svg
      className="specials-wheel"
      viewBox={`0 0 ${SIZE} ${SIZE}`}
      width={SIZE}
      height={SIZE}
      role="img"
      aria-label={t('spinwheel.wheel')}
    >
      {segments.map((segment, index) => (
        <path
          key={segment.id}
          d={`M ${SIZE / 2} ${SIZE / 2} L ${point(index * angle)} A ${RADIUS} ${RADIUS} 0 0 1 ${point((index + 1) * angle)} Z`}
          className={`specials-wheel__slice specials-wheel__slice--${index % 2 ? 'odd' : 'even'}`}
        />
      ))}
    </svg>
  );
}

/** The spinwheel on the guest's account page: the wheel, its prizes and the guest's spins and points. */
export function SpinwheelWidget() {
  const { t } = useTranslation();
  const { api, ui } = usePlatform();
  const language = useLanguage();
  const loggedIn = useLoggedIn();
  const loaded = useLoaded(
    `spinwheel:${language}:${loggedIn}`,
    async () => (await api.query(spinwheelQuery, { type: 'default', language })).spinwheel,
  );
  return (
    <Section title={t('spinwheel.title')}>
      <LoadState loaded={loaded}>
        {(wheel) => (
          <div className="specials-spinwheel">
            <Wheel segments={wheel.segments} />
            <ul aria-label={t('spinwheel.prizes')}>
              {wheel.segments.map((segment) => (
                <li key={segment.id}>{segment.label}</li>
              ))}
            </ul>
            {wheel.guest ? (
              <>
                <p data-testid="spins">{t('spinwheel.spins', { count: wheel.guest.spins })}</p>
                <p>{t('spinwheel.points', { count: wheel.guest.points })}</p>
              </>
            ) : (
              <LoginPrompt text={t('spinwheel.loginToSpin')} buttonLabel={t('common.login')} ui={ui} />
            )}
            <p className="specials-note">{t('spinwheel.spinningSoon')}</p>
            {wheel.monthlyRewards.length > 0 ? (
              <>
                <h3>{t('spinwheel.monthlyRewards')}</h3>
                <ul>
                  {wheel.monthlyRewards.map((reward) => (
                    <li key={reward.id} data-redeemable={reward.isRedeemable}>
                      {t('spinwheel.reward', {
                        points: reward.requiredPoints,
                        value: reward.value,
                        reward: t(`spinwheel.rewardType.${reward.type}`),
                      })}
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
          </div>
        )}
      </LoadState>
    </Section>
  );
}
