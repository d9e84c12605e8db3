import { defineWidgets } from '@velvet/federation';
import { loadLocale } from './locales/load';
import './account.css';

export default defineWidgets({
  name: 'mf-account',
  widgets: {
    'home.VIP30': () => import('./VipClub').then((module) => module.Vip30Widget),
    'flow.moneyCharge': () => import('./MoneyCharge').then((module) => module.MoneyChargeWidget),
    'flow.ageCheck': () => import('./AgeCheck').then((module) => module.AgeCheckWidget),
    'flow.tvSubscription': () => import('./Subscriptions').then((module) => module.TvSubscriptionWidget),
  },
  locales: loadLocale,
});
