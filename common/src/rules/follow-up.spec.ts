import { describe, expect, it } from 'vitest';
import { followUpTemplateInputSchema } from '../follow-ups/follow-ups.schema.js';
import {
  FOLLOW_UP_TEXTS,
  canAddFollowUpStep,
  canRemoveFollowUpStep,
  followUpDueTimes,
  followUpHoursLate,
  followUpPreview,
  followUpTemplateProblem,
  followUpTemplateLabel,
  isFollowUpStepExpired,
  newFollowUpStep,
  renderFollowUpMessage,
} from './follow-up.js';

describe('renderFollowUpMessage', () => {
  it('puts the contact name in place of {{name}}, every time it appears', () => {
    expect(renderFollowUpMessage('Hi {{name}}, still thinking about it, {{ Name }}?', '  Mona ')).toBe('Hi Mona, still thinking about it, Mona?');
  });

  it('falls back to a neutral greeting when the contact has no name', () => {
    expect(renderFollowUpMessage('Hi {{name}}, your order is ready.', null)).toBe('Hi there, your order is ready.');
    expect(renderFollowUpMessage('{{name}}, your order is ready.', '')).toBe('Hello, your order is ready.');
    expect(renderFollowUpMessage('Thanks!\n{{name}} we miss you', '   ')).toBe('Thanks!\nHello we miss you');
    expect(renderFollowUpMessage('أهلاً {{name}}، طلبك جاهز', undefined)).toBe('أهلاً عميلنا العزيز، طلبك جاهز');
    expect(renderFollowUpMessage('{{name}} طلبك جاهز', null)).toBe('مرحباً طلبك جاهز');
  });

  it('leaves a message without the placeholder as it is', () => {
    expect(renderFollowUpMessage('Our sale ends tonight.', null)).toBe('Our sale ends tonight.');
    expect(renderFollowUpMessage('Our sale ends tonight.', 'Karim')).toBe('Our sale ends tonight.');
  });
});

describe('template rules', () => {
  it('cuts previews at 50 characters', () => {
    const long = 'a'.repeat(60);
    expect(followUpPreview(long)).toBe(`${'a'.repeat(50)}...`);
    expect(followUpPreview('a'.repeat(50))).toBe('a'.repeat(50));
    expect(followUpPreview('short')).toBe('short');
  });

  it('a new step is 24 hours; Add Step stops at 5; the last step stays', () => {
    expect(newFollowUpStep()).toEqual({ delay: 24, message: '' });
    expect(canAddFollowUpStep(4)).toBe(true);
    expect(canAddFollowUpStep(5)).toBe(false);
    expect(canRemoveFollowUpStep(1)).toBe(false);
    expect(canRemoveFollowUpStep(2)).toBe(true);
  });

  it('labels templates of admins Team and the others Personal', () => {
    expect(followUpTemplateLabel({ role: 'admin' })).toBe('Team');
    expect(followUpTemplateLabel({ role: 'sales' })).toBe('Personal');
    expect(followUpTemplateLabel(null)).toBe('Personal');
  });

  it.each([
    [{ name: ' ', messages: [{ delay: 1, message: 'x' }] }, 'nameRequired'],
    [{ name: 'A', messages: [{ delay: 1, message: ' ' }] }, 'stepsRequired'],
    [{ name: 'A', messages: [{ delay: '', message: 'x' }] }, 'stepsRequired'],
    [{ name: 'A', messages: [{ delay: null, message: 'x' }] }, 'stepsRequired'],
    [{ name: 'A', messages: [{ delay: 0, message: 'x' }] }, 'delayWholeHours'],
    [{ name: 'A', messages: [{ delay: 1.5, message: 'x' }] }, 'delayWholeHours'],
    [{ name: 'A', messages: [{ delay: 721, message: 'x' }] }, 'delayTooLong'],
    [{ name: 'A', messages: [] }, 'tooFewSteps'],
    [{ name: 'A', messages: Array.from({ length: 6 }, () => ({ delay: 1, message: 'x' })) }, 'tooManySteps'],
  ] as const)('the form and the server agree: %j → %s (a code; the server words it in English)', (input, code) => {
    expect(followUpTemplateProblem(input)).toBe(code);
    const parsed = followUpTemplateInputSchema.safeParse(input);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(FOLLOW_UP_TEXTS[code]);
  });

  it('accepts a valid template (trimmed; numeric text delays read as numbers)', () => {
    const input = {
      name: ' Warm lead ',
      messages: [
        { delay: '24', message: ' Hi {{name}} ' },
        { delay: 48, message: 'Still there?' },
      ],
    };
    expect(followUpTemplateProblem(input)).toBeNull();
    expect(followUpTemplateInputSchema.parse(input)).toEqual({
      name: 'Warm lead',
      messages: [
        { delay: 24, message: 'Hi {{name}}' },
        { delay: 48, message: 'Still there?' },
      ],
    });
  });
});

describe('schedule', () => {
  it('step k is due delay_k hours after step k-1 was due', () => {
    const start = new Date('2026-03-01T10:00:00.000Z');
    expect(followUpDueTimes(start, [1, 24, 2]).map((d) => d.toISOString())).toEqual(['2026-03-01T11:00:00.000Z', '2026-03-02T11:00:00.000Z', '2026-03-02T13:00:00.000Z']);
  });

  it('a step 24 hours late or more has expired', () => {
    const due = new Date('2026-03-01T10:00:00.000Z');
    expect(isFollowUpStepExpired(due, new Date('2026-03-02T09:59:59.000Z'))).toBe(false);
    expect(isFollowUpStepExpired(due, new Date('2026-03-02T10:00:00.000Z'))).toBe(true);
    expect(followUpHoursLate(due, new Date('2026-03-02T16:30:00.000Z'))).toBe(30);
    expect(followUpHoursLate(due, new Date('2026-03-01T09:00:00.000Z'))).toBe(0);
  });
});
