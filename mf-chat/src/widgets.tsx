import { defineWidgets } from '@velvet/federation';
import { loadLocale } from './locales/load';
import { CamShowsWidget, CategoriesWidget, NewGirlsWidget, TopCamsWidget } from './widgets/HomeWidgets';
import './styles.css';
import './performers.css';

export default defineWidgets({
  name: 'mf-chat',
  widgets: {
    'home.TOP': TopCamsWidget,
    'home.New': NewGirlsWidget,
    'home.CAMSHOWS': CamShowsWidget,
    'home.Categories': CategoriesWidget,
  },
  locales: loadLocale,
});
