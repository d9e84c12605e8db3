import { defineWidgets } from '@velvet/federation';
import { FavoriteWidget } from './FavoriteWidget';
import { locales } from './locales';
import './messenger.css';

export default defineWidgets({ name: 'mf-messenger', widgets: { 'home.Favorite': FavoriteWidget }, locales });
