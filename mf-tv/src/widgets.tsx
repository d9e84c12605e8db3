import { defineWidgets } from '@velvet/federation';
import { loadLocale } from './locales/load';
import './tv.css';

export default defineWidgets({
  name: 'mf-tv',
  widgets: {
    'home.TV': () => import('./TvWidget').then((module) => module.TvWidget),
    'actorProfile.onTv': () => import('./ActorOnTv').then((module) => module.ActorOnTv),
  },
  locales: loadLocale,
});
