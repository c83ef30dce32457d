/** `%text%` for (I)LIKE, with the wildcards typed by the user (`%`, `_`, `\`) taken literally. */
export const containsPattern = (text: string): string => `%${text.replace(/[\\%_]/g, '\\$&')}%`;
