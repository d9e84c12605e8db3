import { defineRemoteApp } from '@velvet/federation';
import { SpecialsApp } from './SpecialsApp';
import { locales } from './locales';

export const { bootstrap, mount, unmount } = defineRemoteApp({ name: 'mf-specials', App: SpecialsApp, locales });
