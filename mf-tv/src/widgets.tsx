import { defineWidgets } from '@velvet/federation';
import { TvWidget } from './TvWidget';
import { locales } from './locales';

export default defineWidgets({ name: 'mf-tv', widgets: { 'home.TV': TvWidget }, locales });
