import { defineRemoteApp } from '@velvet/federation';
import { FeedPage } from './FeedPage';
import { locales } from './locales';
import './feed.css';

export default defineRemoteApp({ name: 'mf-feed', App: FeedPage, locales });
