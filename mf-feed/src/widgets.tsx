import { defineWidgets } from '@velvet/federation';
import { FeedWidget } from './FeedWidget';
import { locales } from './locales';
import './feed.css';

export default defineWidgets({ name: 'mf-feed', widgets: { 'home.Feed': FeedWidget }, locales });
