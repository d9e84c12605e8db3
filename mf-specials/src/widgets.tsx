import { defineWidgets } from '@velvet/federation';
import { loadLocale } from './locales/load';
import './specials.css';

export default defineWidgets({
  name: 'mf-specials',
  widgets: {
    'home.Dailybonus': () => import('./daily/DailyBonusWidget').then((module) => module.DailyBonusWidget),
    'home.Contests': () => import('./contests/ContestsWidget').then((module) => module.ContestsWidget),
    'home.Blog': () => import('./blog/BlogWidget').then((module) => module.BlogWidget),
    'myAccount.spinwheel': () => import('./spinwheel/SpinwheelWidget').then((module) => module.SpinwheelWidget),
    'myAccount.rewards': () => import('./games/RewardsWidget').then((module) => module.RewardsWidget),
    'page.overlay': () => import('./calendar/EasterEggOverlay').then((module) => module.EasterEggOverlay),
  },
  locales: loadLocale,
});
