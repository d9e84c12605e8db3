import { defineWidgets } from '@velvet/federation';
import { loadLocale } from './locales/load';
import { ActorOnTv } from './ActorOnTv';
import { TvWidget } from './TvWidget';
import './tv.css';

export default defineWidgets({
  name: 'mf-tv',
  widgets: { 'home.TV': TvWidget, 'actorProfile.onTv': ActorOnTv },
  locales: loadLocale,
});
