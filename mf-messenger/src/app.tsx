import { defineRemoteApp } from '@velvet/federation';
import { MessengerApp } from './MessengerApp';
import { locales } from './locales';
import './messenger.css';

export default defineRemoteApp({ name: 'mf-messenger', App: MessengerApp, locales });
