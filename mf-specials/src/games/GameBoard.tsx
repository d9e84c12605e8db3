import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  GAME_CATEGORIES,
  GAME_REWARD_PATHS,
  gameConfigQuery,
  gamesEndpoints,
  useAttemptMutation,
  type AttemptResult,
  type RewardType,
  type SpecialEvent,
  type SpecialEventGameType,
} from '@velvet/contracts';
import { LoadState, useGuestKey, useLanguage, useLoaded, useLoggedIn, usePlatform } from '@velvet/federation';
import { Button, LoginPrompt } from '@velvet/ui';
import { rewardLabel } from './rewardLabel';

/** Each game's look: the symbol of its targets, box or choice. */
const SYMBOLS: Record<SpecialEventGameType, string> = {
  slotmachine: '🎰',
  rewardBox: '🎁',
  wiesnBude: '🎪',
  halloween: '🎃',
  vrPorn: '🥽',
  kickIt: '⚽',
  wiesnShooting: '🎯',
  wetAndWild: '💦',
  venusAttacks: '🪐',
  gaudi: '🤡',
  cumOn: '💧',
  spitOrSwallow: '💋',
};
/** The reels' symbol of each prize; three of a kind show what was won. */
const REEL_SYMBOLS: Partial<Record<RewardType, string>> = {
  bonus: '💰',
  freeSpins: '🎡',
  freeMessages: '✉️',
  videoVoucher: '🎟️',
  video: '🎬',
  messengerGift: '🎁',
  blank: '🍋',
};
const IDLE_REELS = ['🍒', '💰', '🎬'];
const TARGETS = 6;

/**
 * A running game: what it can win, and for a logged-in guest her points, attempts left today, her play and the
 * rewards she gained. The server takes the attempt and draws the reward; the board shows it when the answer comes.
 */
export function GameBoard({ event }: { event: SpecialEvent }) {
  const { t } = useTranslation();
  const { api, ui } = usePlatform();
  const language = useLanguage();
  const loggedIn = useLoggedIn();
  const guestKey = useGuestKey();
  const category = GAME_CATEGORIES[event.gameType];
  const config = useLoaded(
    `gameConfig:${event.id}:${language}`,
    async () => (await api.query(gameConfigQuery, { eventId: event.id, language })).gameConfig,
  );
  const [playing, setPlaying] = useState<number | null>(null);
  const [result, setResult] = useState<AttemptResult | null>(null);
  const [failed, setFailed] = useState(false);
  const standing = useLoaded(`gameGuest:${event.id}:${guestKey}`, () =>
    loggedIn
      ? api.rest(gamesEndpoints.gameReward, {
          params: { game: GAME_REWARD_PATHS[event.gameType], eventId: event.id },
          query: { language },
        })
      : Promise.resolve(null),
  );
  const play = async (target: number) => {
    setPlaying(target);
    setFailed(false);
    setResult(null);
    try {
      setResult((await api.query(useAttemptMutation, { eventId: event.id, language })).useAttempt);
    } catch {
      setFailed(true);
    } finally {
      setPlaying(null);
      standing.reload();
    }
  };
  const guest = standing.status === 'done' ? standing.data : null;
  const canPlay = guest !== null && guest.attemptsLeftToday > 0 && playing === null;
  const won = result?.success ? result.reward : null;
  const symbol = SYMBOLS[event.gameType];
  return (
    <div className={`specials-game specials-game--${event.gameType}`} data-game={category}>
      <LoadState loaded={config}>
        {(game) =>
          game ? (
            <ul className="specials-game__prizes" aria-label={t('games.prizes')}>
              {game.rewards.map((reward, index) => (
                <li key={index}>
                  {rewardLabel(t, reward)} · {t('games.chance', { chance: reward.chance })}
                </li>
              ))}
            </ul>
          ) : null
        }
      </LoadState>
      {category === 'reels' ? (
        <div className="specials-game__reels" role="img" aria-label={t('games.reels')}>
          {[0, 1, 2].map((reel) => (
            <span
              key={reel}
              className={`specials-game__reel${playing !== null ? ' specials-game__reel--spinning' : ''}`}
              data-reel={reel}
            >
              {won ? (REEL_SYMBOLS[won.type] ?? '⭐') : result ? REEL_SYMBOLS.blank : IDLE_REELS[reel]}
            </span>
          ))}
        </div>
      ) : null}
      {guest ? (
        <>
          <p data-testid="game-attempts">{t('games.attemptsLeft', { count: guest.attemptsLeftToday })}</p>
          <p>{t('games.points', { count: guest.points })}</p>
          {category === 'reels' ? (
            <Button disabled={!canPlay} onClick={() => void play(0)}>
              {t('games.pull')}
            </Button>
          ) : category === 'box' ? (
            <button
              type="button"
              className={`specials-game__box${playing !== null || won ? ' specials-game__box--open' : ''}`}
              disabled={!canPlay}
              onClick={() => void play(0)}
            >
              <span aria-hidden="true">{symbol}</span> {t('games.openBox')}
            </button>
          ) : category === 'choice' ? (
            <div className="specials-game__choice">
              {(['first', 'second'] as const).map((choice, index) => (
                <Button key={choice} disabled={!canPlay} onClick={() => void play(index)}>
                  {t(`games.choice.${choice}`)}
                </Button>
              ))}
            </div>
          ) : (
            <div className="specials-game__targets">
              {Array.from({ length: TARGETS }, (_, index) => (
                <button
                  key={index}
                  type="button"
                  className={`specials-game__target${playing === index ? ' specials-game__target--hit' : ''}`}
                  disabled={!canPlay}
                  aria-label={t('games.target', { number: index + 1 })}
                  onClick={() => void play(index)}
                >
                  <span aria-hidden="true">{symbol}</span>
                </button>
              ))}
            </div>
          )}
          {guest.attemptsLeftToday === 0 && !result ? <p className="specials-note">{t('games.comeBack')}</p> : null}
        </>
      ) : !loggedIn ? (
        <LoginPrompt text={t('games.loginToPlay')} buttonLabel={t('common.login')} ui={ui} />
      ) : null}
      {result ? (
        <p className="specials-notice" role="status" data-testid="game-result">
          {won
            ? won.type === 'blank'
              ? t('games.noWin')
              : t('games.won', { prize: rewardLabel(t, won) })
            : t(`games.errors.${result.errorCode === 'GAME_NOT_RUNNING' ? 'notRunning' : 'noAttempts'}`)}
        </p>
      ) : null}
      {failed ? (
        <p className="specials-notice" role="alert">
          {t('games.failed')}
        </p>
      ) : null}
      {guest && guest.gainedRewards.length > 0 ? (
        <>
          <h2>{t('games.gained')}</h2>
          <ul className="specials-game__gained">
            {guest.gainedRewards.map((reward) => (
              <li key={reward.id}>{rewardLabel(t, reward)}</li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
