/** Named places in the shell (and in remotes) that widgets of other remotes fill. */
export const HOME_BLOCKS = [
  'Favorite',
  'TOP',
  'CAMSHOWS',
  'Dailybonus',
  'VIP30',
  'Feed',
  'Trends',
  'Videostation',
  'New',
  'Contests',
  'WelcomeClips',
  'Categories',
  'Blog',
  'TV',
] as const;
export type HomeBlock = (typeof HOME_BLOCKS)[number];
export const homeSlot = (block: HomeBlock) => `home.${block}` as const;
export const SLOT_NAMES = [
  ...HOME_BLOCKS.map(homeSlot),
  'actorProfile.videos',
  'actorProfile.pictures',
  /** The performer's own feed posts, on her profile's feed tab. */
  'actorProfile.feed',
  /** Whether the performer is on TV now, or when next, on her profile's overview. */
  'actorProfile.onTv',
  /** The way to the conversation with the performer, in her profile's header. */
  'actorProfile.message',
  'myAccount.spinwheel',
  /** What the guest won in games and the advent calendar, on her benefits page. */
  'myAccount.rewards',
  /** The money charge the shell shows in its modal host for `ui.open('moneyCharge')`. */
  'flow.moneyCharge',
  /** The age check the shell shows in its modal host for `ui.open('ageCheck')`. */
  'flow.ageCheck',
  /** The TV subscription's plans and payment, for `ui.open('tvSubscription')` (premium TV's buy button). */
  'flow.tvSubscription',
  /** Laid over every page by the shell after hydration: what hides on the page (Easter eggs), told its route. */
  'page.overlay',
] as const;
export type SlotName = (typeof SLOT_NAMES)[number];
