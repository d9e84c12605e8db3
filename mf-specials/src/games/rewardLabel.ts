import type { TFunction } from 'i18next';
import type { Reward } from '@velvet/contracts';

/** A reward in words: its amount and name, a video's or album's title, VIP days as days. */
export function rewardLabel(t: TFunction, reward: Reward): string {
  const name = t(`spinwheel.rewardType.${reward.type}`);
  if (reward.type === 'blank') return name;
  if (reward.type === 'video' || reward.type === 'photoAlbum') return reward.title ? `${name}: ${reward.title}` : name;
  if (reward.type === 'vipAbo') return t('games.vipDays', { count: reward.value });
  return `${reward.value} ${name}`;
}
