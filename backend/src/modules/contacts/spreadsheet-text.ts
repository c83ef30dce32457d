/**
 * Spreadsheet formula injection (OWASP "CSV Injection"): a text cell that starts with `=`, `+`,
 * `-`, `@`, a tab or a carriage return is inert in our .xlsx files (a string cell, never a
 * formula), but once a user opens the file and re-saves it as CSV, the next spreadsheet that opens
 * the CSV evaluates it (`=HYPERLINK(…)` leaking data, `+cmd|…` running a command). OWASP's advice is
 * to prefix such text with an apostrophe, which the spreadsheet shows as text. Every export writer
 * passes its text cells through `inertCellText`; the import reads the apostrophe back off
 * (`restoreCellText`), so an export re-imports as it was.
 */

/** The first characters OWASP lists as starting a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * Text that is only a number with a sign (`+201001234567`, a phone in E.164, or `-12.5`): a
 * spreadsheet reads it as that number and nothing else, so it keeps its form (a phone stays usable).
 */
const SIGNED_NUMBER = /^[+-](\d+(\.\d+)?|\.\d+)$/;

/** The text to write in a text cell: prefixed with `'` when a spreadsheet could take it for a formula. */
export function inertCellText(text: string): string {
  return FORMULA_START.test(text) && !SIGNED_NUMBER.test(text) ? `'${text}` : text;
}

/** The text an imported cell meant: `inertCellText` undone (an apostrophe before a formula's first character). */
export function restoreCellText(text: string): string {
  return text.length > 1 && text[0] === "'" && FORMULA_START.test(text.slice(1)) ? text.slice(1) : text;
}
