import { defineWidgets } from '@velvet/federation';
import { FavoriteWidget } from './FavoriteWidget';
import { locales } from './locales';

export default defineWidgets({ name: 'mf-messenger', widgets: { 'home.Favorite': FavoriteWidget }, locales });
