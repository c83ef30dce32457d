import { describe, expect, it } from 'vitest';
import { isDueDateAllowed, taskCommentText, taskDescriptionPreview } from './task-due-date.js';

describe('task due date', () => {
  it('allows no date, today and later in Cairo, refuses yesterday', () => {
    // 23:30 on 9 March in Cairo (21:30 UTC)
    const now = new Date('2026-03-09T21:30:00Z');
    expect(isDueDateAllowed(undefined, now)).toBe(true);
    expect(isDueDateAllowed('2026-03-09', now)).toBe(true);
    expect(isDueDateAllowed('2026-03-08', now)).toBe(false);
    // 00:30 on 10 March in Cairo is still 9 March in UTC: the 9th is already yesterday
    const afterMidnight = new Date('2026-03-09T22:30:00Z');
    expect(isDueDateAllowed('2026-03-09', afterMidnight)).toBe(false);
    expect(isDueDateAllowed('2026-03-10', afterMidnight)).toBe(true);
    expect(isDueDateAllowed('2026-03-09', afterMidnight, 'UTC')).toBe(true);
  });

  it('cuts descriptions at 40 characters and keeps only non-blank comments', () => {
    expect(taskDescriptionPreview('a'.repeat(40))).toBe('a'.repeat(40));
    expect(taskDescriptionPreview('b'.repeat(41))).toBe('b'.repeat(40) + '...');
    expect(taskDescriptionPreview(null)).toBe('');
    expect(taskCommentText('   ')).toBeNull();
    expect(taskCommentText('  done \n')).toBe('done');
  });
});
