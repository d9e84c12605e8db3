import { defineRemoteApp } from '@velvet/federation';
import { locales } from './locales';
import { TvApp } from './TvApp';
import './tv.css';

export default defineRemoteApp({ name: 'mf-tv', App: TvApp, locales });
