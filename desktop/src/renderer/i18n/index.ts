/** The renderer's languages: see docs/i18n.md. */
export { i18n, loadLanguage } from './instance';
export { NAMESPACES } from './resources';
export { applyPreferences, changePreferences, directionOf, initialPreferences, intlLocale, useIntlLocale, useLocaleStore, type Direction } from './locale';
