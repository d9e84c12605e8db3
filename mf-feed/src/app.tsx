import { defineRemoteApp } from '@velvet/federation';
import { FeedPage } from './FeedPage';
import { loadLocale } from './locales/load';
import './feed.css';

export default defineRemoteApp({ name: 'mf-feed', App: FeedPage, locales: loadLocale });
