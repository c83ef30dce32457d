/**
 * Renderer files that still write user-facing texts as literals: the screens not converted to the
 * catalogues yet (issue 10). `desktop/test/i18n/literals.test.ts` fails when a file outside this list has
 * a literal text, when a listed file has none left (take it out: it is converted), and when the
 * list grows. Converting a screen = moving its texts to locales/<en|ar>/<namespace>.json and
 * deleting its lines here (docs/i18n.md). One group per module, so parallel conversions touch
 * different lines. Never add a line.
 */
export const NOT_YET_TRANSLATED: readonly string[] = [
];
