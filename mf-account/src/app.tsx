import { defineRemoteApp } from '@velvet/federation';
import { AccountApp } from './AccountApp';
import { loadLocale } from './locales/load';
import './account.css';

export default defineRemoteApp({ name: 'mf-account', App: AccountApp, locales: loadLocale });
