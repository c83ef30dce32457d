import { FOLLOW_UP_DEFAULT_DELAY_HOURS, FOLLOW_UP_MAX_STEPS, FOLLOW_UP_MIN_DELAY_HOURS } from '../constants.js';

/*
 * Follow-up sequences: the template
 * limits, the texts both sides show, the preview cut, the contact-name placeholder and the
 * schedule. The templates screen validates with these before saving and the server with the
 * same rules (follow-ups.schema.ts), so the two never disagree.
 */

export const FOLLOW_UP_TEXTS = {
  nameRequired: 'Template name is required.',
  stepsRequired: 'All message fields and delays are required.',
  delayWholeHours: `Delays are whole hours, at least ${FOLLOW_UP_MIN_DELAY_HOURS}.`,
  delayTooLong: 'A delay can be at most 720 hours (30 days).',
  tooFewSteps: 'A template needs at least one step.',
  tooManySteps: `A template has at most ${FOLLOW_UP_MAX_STEPS} steps.`,
  confirmStart: 'Are you sure you want to start this automated follow-up sequence?',
  started: 'Follow-up sequence started successfully!',
  startFailed: 'Failed to start the sequence.',
  loadFailed: 'Failed to load templates.',
  saveFailed: 'An error occurred while saving the template.',
  deleteFailed: 'Could not delete the template.',
  empty: 'No follow-up templates found...',
  confirmDelete: 'Delete this template? This action cannot be undone.',
} as const;

/** Message previews on the template cards are cut at this many characters. */
export const FOLLOW_UP_PREVIEW_LENGTH = 50;
/** A step that could not go out for longer than this (WhatsApp logged out, server down) is not sent late: the sequence ends "expired". */
export const FOLLOW_UP_MAX_LATE_HOURS = 24;
/** Upper bound of one step's delay (30 days): a typo such as 2400 should not schedule a message for next year. */
export const FOLLOW_UP_MAX_DELAY_HOURS = 720;
export const FOLLOW_UP_NAME_MAX = 120;
export const FOLLOW_UP_MESSAGE_MAX = 4096;

/** The contact-name placeholder a message may contain (spaces and case inside the braces are tolerated). */
export const FOLLOW_UP_NAME_PLACEHOLDER = '{{name}}';
const PLACEHOLDER = /\{\{\s*name\s*\}\}/gi;
const ARABIC = /[\u0600-\u06FF]/;

export type FollowUpStepInput = { delay?: number | string | null; message?: string | null };

/** A new step of the template form: 24 hours, no text yet. */
export const newFollowUpStep = (): { delay: number; message: string } => ({ delay: FOLLOW_UP_DEFAULT_DELAY_HOURS, message: '' });

/** Add Step is offered while the template has fewer than five steps. */
export const canAddFollowUpStep = (count: number) => count < FOLLOW_UP_MAX_STEPS;
/** The last remaining step cannot be removed. */
export const canRemoveFollowUpStep = (count: number) => count > 1;

/** The card preview: the first 50 characters, with an ellipsis when the message is longer. */
export function followUpPreview(message: string, length = FOLLOW_UP_PREVIEW_LENGTH): string {
  const chars = Array.from(message);
  return chars.length > length ? `${chars.slice(0, length).join('')}...` : message;
}

/** A delay as the form holds it (number or typed text) → whole hours, or null when it is not one. */
export function parseFollowUpDelay(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  const text = typeof value === 'number' ? String(value) : value.trim();
  if (text === '' || !/^-?\d+(\.\d+)?$/.test(text)) return null;
  return Number(text);
}

/** Why a template cannot be saved, as a code: each screen words it from its catalogue; `FOLLOW_UP_TEXTS[code]` is its English. */
export type FollowUpTemplateProblem = 'nameRequired' | 'stepsRequired' | 'delayWholeHours' | 'delayTooLong' | 'tooFewSteps' | 'tooManySteps';

/**
 * The first problem of a template, or null when it can be saved: the name, then every step's
 * message and delay, then the step count and the delay bounds. A code rather than the English, so
 * no screen has to map a sentence back to its own text.
 */
export function followUpTemplateProblem(input: { name?: string | null; messages?: readonly FollowUpStepInput[] | null }): FollowUpTemplateProblem | null {
  if (!input.name || !input.name.trim()) return 'nameRequired';
  const steps = input.messages ?? [];
  if (steps.length < 1) return 'tooFewSteps';
  if (steps.length > FOLLOW_UP_MAX_STEPS) return 'tooManySteps';
  for (const step of steps) {
    if (!step.message || !step.message.trim() || parseFollowUpDelay(step.delay) === null) return 'stepsRequired';
  }
  for (const step of steps) {
    const delay = parseFollowUpDelay(step.delay)!;
    if (!Number.isInteger(delay) || delay < FOLLOW_UP_MIN_DELAY_HOURS) return 'delayWholeHours';
    if (delay > FOLLOW_UP_MAX_DELAY_HOURS) return 'delayTooLong';
  }
  return null;
}

/**
 * The message as the contact receives it: `{{name}}` becomes the contact's name. Without a name a
 * neutral greeting takes its place, so no one reads "Hi ," or a raw placeholder: at the start of a
 * line it is a greeting ("Hello" / "مرحباً"), inside a sentence a neutral address ("there" /
 * "عميلنا العزيز"); Arabic text gets the Arabic words.
 */
export function renderFollowUpMessage(template: string, contactName: string | null | undefined): string {
  const name = contactName?.trim();
  if (name) return template.replace(PLACEHOLDER, name);
  return template.replace(PLACEHOLDER, (_match, offset: number, whole: string) => nameFallback(whole, offset)).replace(/[ \t]{2,}/g, ' ');
}

/**
 * What stands for an unknown contact name at `offset` in `text`: at the start of a line a greeting
 * ("Hello" / "مرحباً"), inside a sentence a neutral address ("there" / "عميلنا العزيز"); Arabic
 * text gets the Arabic words. Follow-up steps and quick replies fall back alike.
 */
export function nameFallback(text: string, offset: number): string {
  const arabic = ARABIC.test(text);
  const before = text.slice(0, offset);
  const startsLine = before.trim() === '' || /\n\s*$/.test(before);
  if (startsLine) return arabic ? 'مرحباً' : 'Hello';
  return arabic ? 'عميلنا العزيز' : 'there';
}

/** Step k is due delay_k hours after step k-1 was due; the first, its delay after the start. */
export function followUpDueTimes(start: Date, delaysHours: readonly number[]): Date[] {
  let at = start.getTime();
  return delaysHours.map((hours) => new Date((at += hours * 3_600_000)));
}

/** Whole hours a step is late at `now` (0 when not yet due). */
export function followUpHoursLate(dueAt: Date, now: Date): number {
  return Math.max(0, Math.floor((now.getTime() - dueAt.getTime()) / 3_600_000));
}

/** Whether a step due at `dueAt` is too late to be sent at `now` (≥ 24 h late). */
export function isFollowUpStepExpired(dueAt: Date, now: Date): boolean {
  return now.getTime() - dueAt.getTime() >= FOLLOW_UP_MAX_LATE_HOURS * 3_600_000;
}

/** 'Team' for a template an admin created, 'Personal' otherwise. */
export const followUpTemplateLabel = (createdBy: { role?: string | null } | null | undefined): 'Team' | 'Personal' => (createdBy?.role === 'admin' ? 'Team' : 'Personal');
