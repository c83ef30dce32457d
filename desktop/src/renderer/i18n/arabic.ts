import { byNamespace, type Catalogue, type Catalogues } from './catalogue-files';

/** The Arabic catalogues: a chunk of their own, fetched through resources.ts's `loadCatalogues`. */
export const arabic: Catalogues = byNamespace(import.meta.glob<{ default: Catalogue }>('./locales/ar/*.json', { eager: true }), 'ar');
