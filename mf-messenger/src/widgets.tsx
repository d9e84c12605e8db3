import { defineWidgets } from '@velvet/federation';
import { loadLocale } from './locales/load';
import './messenger.css';

export default defineWidgets({
  name: 'mf-messenger',
  widgets: {
    'home.Favorite': () => import('./FavoriteWidget').then((module) => module.FavoriteWidget),
    'actorProfile.message': () => import('./MessageButton').then((module) => module.MessageButton),
  },
  locales: loadLocale,
});
