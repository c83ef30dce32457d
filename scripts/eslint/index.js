/** The repository's own ESLint rules (eslint.config.js names them `crm/<rule>`). */
import validI18nKeys from './valid-i18n-keys.js';

export default { meta: { name: 'eslint-plugin-crm' }, rules: { 'valid-i18n-keys': validI18nKeys } };
