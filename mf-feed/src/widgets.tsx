import { defineWidgets } from '@velvet/federation';
import { loadLocale } from './locales/load';
import './feed.css';

const feedWidgets = () => import('./FeedWidget');

export default defineWidgets({
  name: 'mf-feed',
  widgets: {
    'home.Feed': () => feedWidgets().then((module) => module.FeedWidget),
    'actorProfile.feed': () => feedWidgets().then((module) => module.ProfileFeedWidget),
  },
  locales: loadLocale,
});
