import { defineRemoteApp } from '@velvet/federation';
import { SpecialsApp } from './SpecialsApp';
import { loadLocale } from './locales/load';

export default defineRemoteApp({ name: 'mf-specials', App: SpecialsApp, locales: loadLocale });
