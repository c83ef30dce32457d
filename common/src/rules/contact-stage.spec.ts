import { describe, expect, it } from 'vitest';
import { CONTACT_STAGES } from '../constants.js';
import { allowedNextStages, canChangeStage, stageChangeError } from './contact-stage.js';

describe('contact stage moves', () => {
  it('allows exactly lead→customer, customer→sales, customer→lead and sales→lead', () => {
    const allowed = CONTACT_STAGES.flatMap((from) => CONTACT_STAGES.filter((to) => canChangeStage(from, to)).map((to) => `${from}→${to}`));
    expect(allowed.sort()).toEqual(['customer→lead', 'customer→sales', 'lead→customer', 'sales→lead']);
  });
  it('explains a refused move', () => {
    expect(stageChangeError('lead', 'sales')).toBe('A contact cannot move from lead to sales. From lead it can only move to customer.');
    expect(stageChangeError('sales', 'sales')).toBe('This contact is already a sales deal.');
    expect(stageChangeError('sales', 'customer')).toMatch(/only move to lead/);
    expect(stageChangeError('lead', 'customer')).toBeUndefined();
    expect(allowedNextStages('customer')).toEqual(['sales', 'lead']);
  });
});
