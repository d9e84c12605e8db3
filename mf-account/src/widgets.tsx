import { defineWidgets } from '@velvet/federation';
import { Vip30Widget } from './VipClub';
import { MoneyChargeWidget } from './MoneyCharge';
import { AgeCheckWidget } from './AgeCheck';
import { TvSubscriptionWidget } from './Subscriptions';
import { loadLocale } from './locales/load';
import './account.css';

export default defineWidgets({
  name: 'mf-account',
  widgets: {
    'home.VIP30': Vip30Widget,
    'flow.moneyCharge': MoneyChargeWidget,
    'flow.ageCheck': AgeCheckWidget,
    'flow.tvSubscription': TvSubscriptionWidget,
  },
  locales: loadLocale,
});
