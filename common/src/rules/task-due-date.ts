import { DEFAULT_TIME_ZONE, dayIn } from './day-range.js';

/**
 * Creating a task: the due date is optional and not earlier than today, today
 * being the calendar day of the company's time zone (Africa/Cairo for every company today).
 */
export function isDueDateAllowed(dueDate: string | null | undefined, now: Date, timeZone: string = DEFAULT_TIME_ZONE): boolean {
  if (!dueDate) return true;
  return dueDate >= dayIn(now, timeZone);
}

/** A task description cut at 40 characters for a card of My Tasks. */
export const TASK_DESCRIPTION_PREVIEW_LENGTH = 40;
export function taskDescriptionPreview(description: string | null | undefined): string {
  if (!description) return '';
  const chars = Array.from(description);
  return chars.length > TASK_DESCRIPTION_PREVIEW_LENGTH ? chars.slice(0, TASK_DESCRIPTION_PREVIEW_LENGTH).join('') + '...' : description;
}

/** A comment is kept only when something is left after trimming. */
export function taskCommentText(comment: string | null | undefined): string | null {
  const text = comment?.trim() ?? '';
  return text ? text : null;
}
