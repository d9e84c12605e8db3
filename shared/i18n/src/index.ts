export { COMMON_NAMESPACE, createI18n } from './i18n';
export { isLanguage, matchPath, pathFor, switchLanguage } from './routing';
export { formatDate, formatNumber, formatRelativeTime, localeOf } from './format';
