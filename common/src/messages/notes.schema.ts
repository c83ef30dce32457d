import { z } from 'zod';

/** A note's longest text, and how many colleagues one note may mention. */
export const NOTE_MAX_LENGTH = 4_000;
export const NOTE_MAX_MENTIONS = 20;

/** A colleague a note mentions: the user and the name its text gives them (`@name`). */
export const noteMentionSchema = z.object({ id: z.string(), name: z.string() });
export type NoteMention = z.infer<typeof noteMentionSchema>;

/**
 * POST /messages/notes: a private note in a contact's conversation, for the team only. `mentions`:
 * the colleagues tagged with `@name` (their user ids). The note keeps those of the company whose
 * `@name` is in its text; each of them who may see the contact (and is not the author) is notified.
 */
export const createNoteSchema = z.object({
  contactId: z.uuid({ message: 'contactId is required' }),
  body: z
    .string()
    .trim()
    .min(1, { message: 'Note text is required.' })
    .max(NOTE_MAX_LENGTH, { message: `A note holds at most ${NOTE_MAX_LENGTH} characters.` }),
  mentions: z.array(z.uuid()).max(NOTE_MAX_MENTIONS).optional(),
});
export type CreateNoteRequest = z.infer<typeof createNoteSchema>;

/** POST /contacts/{id}/hand-over: the contact (and its chat) goes to another active sales user, with an optional note. */
export const handOverSchema = z.object({
  toUserId: z.uuid({ message: 'Choose who takes the chat over.' }),
  note: z.string().trim().max(1_000, { message: 'The note holds at most 1000 characters.' }).optional(),
});
export type HandOverRequest = z.infer<typeof handOverSchema>;

/** The hand-over done: who has the contact now, and the note it left in the chat. */
export const handOverResultSchema = z.object({
  contactId: z.string(),
  assignedTo: z.object({ _id: z.string(), name: z.string() }),
  noteId: z.string(),
});
export type HandOverResult = z.infer<typeof handOverResultSchema>;

/**
 * The text of the note a hand-over leaves in the chat. Stored as it is written (in English) for
 * search and API users; the renderer draws the hand-over line in the reader's language from `handOverNote`.
 */
export const HAND_OVER_NOTE_PREFIX = 'Handed over to ';
export function handOverNoteText(to: string, by: string, note?: string | null): string {
  return `${HAND_OVER_NOTE_PREFIX}${to} by ${by}${note ? `: ${note}` : ''}`;
}

const userRefSchema = z.object({ _id: z.uuid(), name: z.string() });

/** A chat handed from one user to another (chat header), with who did it, when and the note given: the contact profile's history. */
export const handOverHistoryEntrySchema = z.object({
  _id: z.uuid(),
  from: userRefSchema.nullable(),
  to: userRefSchema.nullable(),
  note: z.string().nullable(),
  timestamp: z.string(),
  changedBy: userRefSchema.nullable(),
});
export type HandOverHistoryEntry = z.infer<typeof handOverHistoryEntrySchema>;
