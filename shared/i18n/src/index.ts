export { COMMON_NAMESPACE, createI18n } from './i18n';
export { installRouteTable, isLanguage, matchPath, pathFor, routeNamed, switchLanguage } from './routing';
export {
  formatCountdown,
  formatDate,
  formatDuration,
  formatNumber,
  formatRelativeTime,
  localeOf,
  type DurationFormat,
} from './format';
