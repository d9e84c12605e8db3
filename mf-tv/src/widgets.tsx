import { defineWidgets } from '@velvet/federation';
import { locales } from './locales';
import { TvWidget } from './TvWidget';
import './tv.css';

export default defineWidgets({ name: 'mf-tv', widgets: { 'home.TV': TvWidget }, locales });
