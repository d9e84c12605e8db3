import { defineRemoteApp } from '@velvet/federation';
import { MessengerApp } from './MessengerApp';
import { locales } from './locales';
import './messenger.css';

export const { bootstrap, mount, unmount } = defineRemoteApp({ name: 'mf-messenger', App: MessengerApp, locales });
