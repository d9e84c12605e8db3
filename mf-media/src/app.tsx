import { defineRemoteApp } from '@velvet/federation';
import { locales } from './locales';
import { MediaApp } from './MediaApp';
import './media.css';

export default defineRemoteApp({ name: 'mf-media', App: MediaApp, locales });
