import { defineWidgets } from '@velvet/federation';
import { FeedWidget, ProfileFeedWidget } from './FeedWidget';
import { loadLocale } from './locales/load';
import './feed.css';

export default defineWidgets({
  name: 'mf-feed',
  widgets: { 'home.Feed': FeedWidget, 'actorProfile.feed': ProfileFeedWidget },
  locales: loadLocale,
});
