import { defineRemoteApp } from '@velvet/federation';
import { ChatApp } from './ChatApp';
import { loadLocale } from './locales/load';
import './styles.css';
import './performers.css';

export default defineRemoteApp({ name: 'mf-chat', App: ChatApp, locales: loadLocale });
