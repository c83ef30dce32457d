import type ts from 'typescript';

export interface KeyUse {
  /** 'namespace:key.path' */
  key: string;
  /** The literal that names the key. */
  node: ts.Node;
}

export function keysUsedIn(source: ts.SourceFile, namespaces: readonly string[]): KeyUse[];
export function parseSource(fileName: string, text: string): ts.SourceFile;
export function catalogueKeys(catalogues: Record<string, unknown>): Set<string>;
export function readCatalogues(localesDir: string): { namespaces: string[]; keys: { en: Set<string>; ar: Set<string> } };
