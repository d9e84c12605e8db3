import { defineRemoteApp } from '@velvet/federation';
import { loadLocale } from './locales/load';
import { TvApp } from './TvApp';
import './tv.css';

export default defineRemoteApp({ name: 'mf-tv', App: TvApp, locales: loadLocale });
