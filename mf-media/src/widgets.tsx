import { defineWidgets } from '@velvet/federation';
import { loadLocale } from './locales/load';
import './media.css';

const homeWidgets = () => import('./HomeWidgets');
const actorMedia = () => import('./ActorMedia');

export default defineWidgets({
  name: 'mf-media',
  widgets: {
    'home.Trends': () => homeWidgets().then((module) => module.Trends),
    'home.Videostation': () => homeWidgets().then((module) => module.Videostation),
    'home.WelcomeClips': () => homeWidgets().then((module) => module.WelcomeClips),
    'actorProfile.videos': () => actorMedia().then((module) => module.ActorVideos),
    'actorProfile.pictures': () => actorMedia().then((module) => module.ActorAlbums),
  },
  locales: loadLocale,
});
