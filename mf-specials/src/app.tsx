import { defineRemoteApp } from '@velvet/federation';
import { SpecialsApp } from './SpecialsApp';
import { locales } from './locales';

export default defineRemoteApp({ name: 'mf-specials', App: SpecialsApp, locales });
