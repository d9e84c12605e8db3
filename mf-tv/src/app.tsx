import { defineRemoteApp } from '@velvet/federation';
import { TvApp } from './TvApp';
import { locales } from './locales';

export const { bootstrap, mount, unmount } = defineRemoteApp({ name: 'mf-tv', App: TvApp, locales });
