import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { redeemLoyaltyRewardMutation, spinMutation, spinwheelQuery, type Spinwheel } from '@velvet/contracts';
import { LoadState, useLanguage, useLoaded, useLoggedIn, usePlatform } from '@velvet/federation';
import { Button, LoginPrompt, Section } from '@velvet/ui';

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

type Grant = { rewardType: Spinwheel['segments'][number]['rewardType']; value: number; label: string };

/**
 * The spinwheel on the guest's account page: the wheel, its prizes, the guest's spins and points, her spin (the
 * server draws the prize) and the monthly rewards her points unlock.
 */
export function SpinwheelWidget() {
  const { t } = useTranslation();
  const { api, bus, ui } = usePlatform();
  const language = useLanguage();
  const loggedIn = useLoggedIn();
  const [busy, setBusy] = useState(false);
  const [won, setWon] = useState<Grant | null>(null);
  const [failed, setFailed] = useState(false);
  const loaded = useLoaded(
    `spinwheel:${language}:${loggedIn}`,
    async () => (await api.query(spinwheelQuery, { type: 'default', language })).spinwheel,
  );
  const { update, reload } = loaded;
  // Spins and points changed in another tab (or by a reward) arrive as a push.
  useEffect(() => {
    const subscription = bus
      .on('loyaltyPointsChanged')
      .subscribe(({ points, spins }) =>
        update((wheel) => (wheel.guest ? { ...wheel, guest: { points, spins } } : wheel)),
      );
    return () => subscription.unsubscribe();
  }, [bus, update]);
  const act = async (send: () => Promise<Grant>) => {
    setBusy(true);
    setFailed(false);
    setWon(null);
    try {
      setWon(await send());
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
      // Spins, points and redeemed rewards are the server's: the wheel is read again.
      reload();
    }
  };
  const spin = () => act(async () => (await api.query(spinMutation, { type: 'default', language })).spin);
  const redeem = (id: number) =>
    act(async () => (await api.query(redeemLoyaltyRewardMutation, { id, language })).redeemLoyaltyReward);
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
                <Button disabled={busy || wheel.guest.spins === 0} onClick={() => void spin()}>
                  {t('spinwheel.spin')}
                </Button>
                {wheel.guest.spins === 0 ? <p className="specials-note">{t('spinwheel.earnSpins')}</p> : null}
              </>
            ) : (
              <LoginPrompt text={t('spinwheel.loginToSpin')} buttonLabel={t('common.login')} ui={ui} />
            )}
            {won ? (
              <p className="specials-notice" role="status">
                {won.rewardType === 'blank' ? t('spinwheel.noWin') : t('spinwheel.won', { prize: won.label })}
              </p>
            ) : null}
            {failed ? (
              <p className="specials-notice" role="alert">
                {t('spinwheel.failed')}
              </p>
            ) : null}
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
                      })}{' '}
                      {reward.isRedeemed ? (
                        <span>{t('spinwheel.redeemed')}</span>
                      ) : reward.isRedeemable ? (
                        <Button size="small" disabled={busy} onClick={() => void redeem(reward.id)}>
                          {t('spinwheel.redeem')}
                        </Button>
                      ) : null}
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
