import type { ContactImportResult, ImportFileProblem, ImportRejectReason, ImportRejectedRow, ImportSkipReason, ImportSkippedRow } from '@crm/common';
import { i18n } from '../../i18n';
import { ApiError } from '../../lib/api-error';
import { errorMessage } from '../../lib/error-message';
import { formatNumber } from '../../lib/format';

/*
 * The import's texts, worded from the codes the server sends (a rejected or skipped row's code, a
 * refused file's params.problem) in the user's language; the server's English is only the
 * fallback for a code this renderer does not know yet. Keys written out so the catalogue checks
 * can find them.
 */

const SKIP_REASON_KEYS: Record<ImportSkipReason, string> = {
  nothing_to_fill: 'leads:import.skipReasons.nothing_to_fill',
  assigned_elsewhere: 'leads:import.skipReasons.assigned_elsewhere',
  created_meanwhile: 'leads:import.skipReasons.created_meanwhile',
};

const REJECT_REASON_KEYS: Record<ImportRejectReason, string> = {
  phone_missing: 'leads:import.rejectReasons.phone_missing',
  phone_invalid: 'leads:import.rejectReasons.phone_invalid',
  phone_repeated: 'leads:import.rejectReasons.phone_repeated',
  email_invalid: 'leads:import.rejectReasons.email_invalid',
  too_long: 'leads:import.rejectReasons.too_long',
};

/** The columns a too-long text can be in. */
const FIELD_KEYS: Record<string, string> = {
  name: 'leads:import.fields.name',
  email: 'leads:import.fields.email',
  address: 'leads:import.fields.address',
  notes: 'leads:import.fields.notes',
};

const FILE_PROBLEM_KEYS: Record<ImportFileProblem, string> = {
  wrong_type: 'leads:import.fileProblems.wrong_type',
  empty: 'leads:import.fileProblems.empty',
  unreadable: 'leads:import.fileProblems.unreadable',
  not_csv: 'leads:import.fileProblems.not_csv',
  csv_quotes: 'leads:import.fileProblems.csv_quotes',
  no_phone_column: 'leads:import.fileProblems.no_phone_column',
  no_rows: 'leads:import.fileProblems.no_rows',
  too_many_rows: 'leads:import.fileProblems.too_many_rows',
  cell_too_long: 'leads:import.fileProblems.cell_too_long',
  too_many_parts: 'leads:import.fileProblems.too_many_parts',
  unpacked_too_large: 'leads:import.fileProblems.unpacked_too_large',
  too_large: 'leads:import.fileProblems.too_large',
  too_heavy: 'leads:import.fileProblems.too_heavy',
  too_slow: 'leads:import.fileProblems.too_slow',
  one_file: 'leads:import.fileProblems.one_file',
  upload_invalid: 'leads:import.fileProblems.upload_invalid',
};

/** Numbers in the chosen digits; names and values as they are. */
function worded(params: Record<string, string | number> = {}): Record<string, string> {
  return Object.fromEntries(Object.entries(params).map(([name, value]) => [name, typeof value === 'number' ? formatNumber(value) : value]));
}

export function rejectedRowText(entry: ImportRejectedRow): string {
  const key = REJECT_REASON_KEYS[entry.code];
  if (!key) return entry.reason;
  const params = worded(entry.params);
  const field = FIELD_KEYS[String(entry.params?.field)];
  return i18n.t(key, { ...params, field: field ? i18n.t(field) : params.field });
}

export function skippedRowText(entry: ImportSkippedRow): string {
  const key = SKIP_REASON_KEYS[entry.code];
  return key ? i18n.t(key) : entry.reason;
}

/** The result's one sentence, from its counts (the server's `message` is its English for API users). */
export function importSummaryText(result: ContactImportResult): string {
  return i18n.t('leads:import.summary', {
    created: formatNumber(result.created),
    updated: formatNumber(result.updated),
    skipped: formatNumber(result.skipped),
    rejected: formatNumber(result.rejected.length),
  });
}

/** Why an upload was refused: the file's problem when the server named one, else the usual error text. */
export function importFailureText(failure: unknown): string {
  if (failure instanceof ApiError && failure.status !== 0) {
    const problem = failure.params?.problem;
    const key = typeof problem === 'string' ? FILE_PROBLEM_KEYS[problem as ImportFileProblem] : undefined;
    // the CSV parser does not always know the line
    if (problem === 'csv_quotes' && failure.params?.line !== undefined) return i18n.t('leads:import.fileProblems.csv_quotes_line', worded(failure.params));
    if (key) return i18n.t(key, worded(failure.params));
  }
  return errorMessage(failure, 'leads:import.failed');
}
