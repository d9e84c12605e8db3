import { defineWidgets } from '@velvet/federation';
import { DailyBonusWidget } from './daily/DailyBonusWidget';
import { ContestsWidget } from './contests/ContestsWidget';
import { BlogWidget } from './blog/BlogWidget';
import { SpinwheelWidget } from './spinwheel/SpinwheelWidget';
import { RewardsWidget } from './games/RewardsWidget';
import { EasterEggOverlay } from './calendar/EasterEggOverlay';
import { loadLocale } from './locales/load';
import './specials.css';

export default defineWidgets({
  name: 'mf-specials',
  widgets: {
    'home.Dailybonus': DailyBonusWidget,
    'home.Contests': ContestsWidget,
    'home.Blog': BlogWidget,
    'myAccount.spinwheel': SpinwheelWidget,
    'myAccount.rewards': RewardsWidget,
    'page.overlay': EasterEggOverlay,
  },
  locales: loadLocale,
});
