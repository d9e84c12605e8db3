import { defineRemoteApp } from '@velvet/federation';
import { locales } from './locales';
import { MediaApp } from './MediaApp';
import './media.css';

export const { bootstrap, mount, unmount } = defineRemoteApp({ name: 'mf-media', App: MediaApp, locales });
