import { defineRemoteApp } from '@velvet/federation';
import { MessengerApp } from './MessengerApp';
import { loadLocale } from './locales/load';
import './messenger.css';

export default defineRemoteApp({ name: 'mf-messenger', App: MessengerApp, locales: loadLocale });
