import { defineRemoteApp } from '@velvet/federation';
import { AccountApp } from './AccountApp';
import { locales } from './locales';
import './account.css';

export const { bootstrap, mount, unmount } = defineRemoteApp({ name: 'mf-account', App: AccountApp, locales });
