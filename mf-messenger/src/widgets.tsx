import { defineWidgets } from '@velvet/federation';
import { FavoriteWidget } from './FavoriteWidget';
import { MessageButton } from './MessageButton';
import { loadLocale } from './locales/load';
import './messenger.css';

export default defineWidgets({
  name: 'mf-messenger',
  widgets: { 'home.Favorite': FavoriteWidget, 'actorProfile.message': MessageButton },
  locales: loadLocale,
});
