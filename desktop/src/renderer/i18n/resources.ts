import type { Language } from '@crm/common';
import { byNamespace, type Catalogue, type Catalogues } from './catalogue-files';

export type { Catalogue, Catalogues } from './catalogue-files';

/** English ships with the first screen: most machines start in it, and it is every text's fallback. */
export const english: Catalogues = byNamespace(import.meta.glob<{ default: Catalogue }>('./locales/en/*.json', { eager: true }), 'en');

/** The namespaces, one per domain (plus common, layout, errors). */
export const NAMESPACES: string[] = Object.keys(english).sort();

/**
 * The other languages: a chunk each, fetched before the app first shows one (locale.ts), so an
 * English sign-in screen does not download the Arabic texts.
 */
export const loadCatalogues: Partial<Record<Language, () => Promise<Catalogues>>> = {
  ar: () => import('./arabic').then((module) => module.arabic),
};
