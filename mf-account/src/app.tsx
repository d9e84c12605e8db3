import { defineRemoteApp } from '@velvet/federation';
import { AccountApp } from './AccountApp';
import { locales } from './locales';
import './account.css';

export default defineRemoteApp({ name: 'mf-account', App: AccountApp, locales });
