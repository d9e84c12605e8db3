import { defineWidgets } from '@velvet/federation';
import { loadLocale } from './locales/load';
import './styles.css';
import './performers.css';

const homeWidgets = () => import('./widgets/HomeWidgets');

export default defineWidgets({
  name: 'mf-chat',
  widgets: {
    'home.TOP': () => homeWidgets().then((module) => module.TopCamsWidget),
    'home.New': () => homeWidgets().then((module) => module.NewGirlsWidget),
    'home.CAMSHOWS': () => homeWidgets().then((module) => module.CamShowsWidget),
    'home.Categories': () => homeWidgets().then((module) => module.CategoriesWidget),
  },
  locales: loadLocale,
});
