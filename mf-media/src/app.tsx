import { defineRemoteApp } from '@velvet/federation';
import { loadLocale } from './locales/load';
import { MediaApp } from './MediaApp';
import './media.css';

export default defineRemoteApp({ name: 'mf-media', App: MediaApp, locales: loadLocale });
