import type { Language } from '@crm/common';

export type Catalogue = Record<string, unknown>;
/** One language's catalogues by namespace. */
export type Catalogues = Record<string, Catalogue>;

/**
 * Every catalogue file is found by path: `locales/<language>/<namespace>.json`. A new domain adds
 * its two files and nothing else, so engineers converting different screens never edit one file.
 */
export function byNamespace(files: Record<string, { default: Catalogue }>, language: Language): Catalogues {
  const catalogues: Catalogues = {};
  for (const [path, file] of Object.entries(files)) {
    const match = new RegExp(`/locales/${language}/([\\w-]+)\\.json$`).exec(path);
    if (!match) throw new Error(`Catalogue outside locales/${language}/<namespace>.json: ${path}`);
    catalogues[match[1]] = file.default;
  }
  return catalogues;
}
