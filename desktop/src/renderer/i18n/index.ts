/** The renderer's languages: see docs/i18n.md. */
export { i18n } from './instance';
export { NAMESPACES } from './resources';
export { applyPreferences, directionOf, initialPreferences, intlLocale, useIntlLocale, useLocaleStore, type Direction } from './locale';
