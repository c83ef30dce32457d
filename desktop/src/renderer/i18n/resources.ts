import type { Language } from '@crm/common';

/**
 * Every catalogue file, found by path: `locales/<language>/<namespace>.json`. A new domain adds
 * its two files and nothing else, so engineers converting different screens never edit one file.
 */
const files = import.meta.glob<{ default: Record<string, unknown> }>('./locales/*/*.json', { eager: true });

export type Catalogue = Record<string, unknown>;
export const resources: Record<Language, Record<string, Catalogue>> = { en: {}, ar: {} };

for (const [path, file] of Object.entries(files)) {
  const match = /\/locales\/(en|ar)\/([\w-]+)\.json$/.exec(path);
  if (!match) throw new Error(`Catalogue outside locales/<en|ar>/<namespace>.json: ${path}`);
  resources[match[1] as Language][match[2]] = file.default;
}

/** The namespaces, one per domain (plus common, layout, errors). */
export const NAMESPACES: string[] = Object.keys(resources.en).sort();
