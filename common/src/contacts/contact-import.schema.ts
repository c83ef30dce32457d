import { z } from 'zod';

/*
 * Importing contacts from a spreadsheet: what each row became, and an import's progress while the
 * company's imports run one at a time.
 */

/**
 * Why a row was not imported: no phone; a phone that is not one (params.value); the same phone as
 * an earlier row (params.firstRow); an email that is not one (params.value); a text longer than its
 * limit (params.field: name | email | address | notes, params.max). The renderer words the code;
 * `reason` is the English for API users.
 */
export const IMPORT_REJECT_REASONS = ['phone_missing', 'phone_invalid', 'phone_repeated', 'email_invalid', 'too_long'] as const;
export type ImportRejectReason = (typeof IMPORT_REJECT_REASONS)[number];
export const importRejectedRowSchema = z.object({
  row: z.number().int(),
  code: z.enum(IMPORT_REJECT_REASONS),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
  reason: z.string(),
});
export type ImportRejectedRow = z.infer<typeof importRejectedRowSchema>;

/**
 * Why a file was refused as a whole (nothing imported), in `params.problem` of the error
 * (code contact.import_file_invalid, or payload_too_large for the size caps), beside the numbers
 * the text needs: too_large (maxMb), too_many_rows (max), cell_too_long (max), too_many_parts
 * (parts, max), unpacked_too_large (sizeMb, maxMb), too_heavy (memoryMb), too_slow (seconds),
 * csv_quotes (line, when known).
 */
export const IMPORT_FILE_PROBLEMS = [
  'wrong_type',
  'empty',
  'unreadable',
  'not_csv',
  'csv_quotes',
  'no_phone_column',
  'no_rows',
  'too_many_rows',
  'cell_too_long',
  'too_many_parts',
  'unpacked_too_large',
  'too_large',
  'too_heavy',
  'too_slow',
  'one_file',
  'upload_invalid',
] as const;
export type ImportFileProblem = (typeof IMPORT_FILE_PROBLEMS)[number];

/**
 * Why a row whose phone the company already has was left as it was: nothing in the row to fill
 * into the contact's empty fields; the contact is a colleague's (a sales user imports); or
 * someone created the phone's contact while the file was being imported.
 */
export const IMPORT_SKIP_REASONS = ['nothing_to_fill', 'assigned_elsewhere', 'created_meanwhile'] as const;
export type ImportSkipReason = (typeof IMPORT_SKIP_REASONS)[number];
export const importSkippedRowSchema = z.object({ row: z.number().int(), code: z.enum(IMPORT_SKIP_REASONS), reason: z.string() });
export type ImportSkippedRow = z.infer<typeof importSkippedRowSchema>;

export const contactImportResultSchema = z.object({
  /** One English sentence for API users; the renderer words the counts itself. */
  message: z.string(),
  /** Data rows read (blank rows not counted). */
  total: z.number(),
  created: z.number(),
  /** Existing contacts (same phone) whose empty fields the file filled. */
  updated: z.number(),
  /** Existing contacts left as they were. */
  skipped: z.number(),
  /** The skipped rows: spreadsheet row number, why (a code to word it, and the English text). */
  skippedRows: z.array(importSkippedRowSchema),
  /** Rows not imported: spreadsheet row number (header = row 1) and why. */
  rejected: z.array(importRejectedRowSchema),
});
export type ContactImportResult = z.infer<typeof contactImportResultSchema>;

/** queued (waiting for the company's earlier imports) → running → done | failed */
export const CONTACT_IMPORT_STATES = ['queued', 'running', 'done', 'failed'] as const;
export type ContactImportState = (typeof CONTACT_IMPORT_STATES)[number];

/**
 * An import after its upload: a company's imports run one at a time, in the order they
 * were uploaded; the screen asks `GET /api/contacts/imports/:id` until it is done or failed.
 */
export const contactImportStatusSchema = z.object({
  _id: z.string(),
  status: z.enum(CONTACT_IMPORT_STATES),
  fileName: z.string(),
  /** While queued: how many of the company's imports are queued or running before this one. */
  ahead: z.number().int(),
  /** Rows to write (those that passed the checks), and how many of them are written. */
  rows: z.number().int(),
  processed: z.number().int(),
  /** The counts so far; final once done. */
  result: contactImportResultSchema,
  /** Why a failed import stopped (the rows written before it stay). */
  error: z.string().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type ContactImportStatus = z.infer<typeof contactImportStatusSchema>;
