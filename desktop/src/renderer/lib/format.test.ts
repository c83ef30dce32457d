import { afterEach, describe, expect, it } from 'vitest';
import { applyPreferences } from '../i18n';
import { formatMoney } from './format';

const NBSP = '\u00a0';

afterEach(() => applyPreferences({ language: 'en', arabicDigits: false }));

describe('formatMoney: the one money format', () => {
  it('writes two decimals, or none when the amount is whole', () => {
    applyPreferences({ language: 'en' });
    expect(formatMoney(1250.5)).toBe(`EGP${NBSP}1,250.50`);
    expect(formatMoney(1250)).toBe(`EGP${NBSP}1,250`);
    expect(formatMoney(1250.05)).toBe(`EGP${NBSP}1,250.05`);
    expect(formatMoney(105_754)).toBe(`EGP${NBSP}105,754`);
    expect(formatMoney(0.5)).toBe(`EGP${NBSP}0.50`);
    expect(formatMoney(0)).toBe(`EGP${NBSP}0`);
  });

  it('decides on the amount as shown: what rounds to whole cents of zero has no decimals', () => {
    expect(formatMoney(1250.004)).toBe(`EGP${NBSP}1,250`);
    expect(formatMoney(1249.999)).toBe(`EGP${NBSP}1,250`);
    expect(formatMoney(1250.499)).toBe(`EGP${NBSP}1,250.50`);
    expect(formatMoney(-12.5)).toBe(`-EGP${NBSP}12.50`);
  });

  it('`whole` rounds to the unit (averages), and a missing amount is zero', () => {
    expect(formatMoney(1250.5, { whole: true })).toBe(`EGP${NBSP}1,251`);
    expect(formatMoney(null)).toBe(`EGP${NBSP}0`);
    expect(formatMoney(undefined)).toBe(`EGP${NBSP}0`);
    expect(formatMoney(Number.NaN)).toBe(`EGP${NBSP}0`);
  });

  it('subscriptions in USD follow the same rule', () => {
    expect(formatMoney(99.5, { currency: 'USD' })).toBe(`USD${NBSP}99.50`);
    expect(formatMoney(1200, { currency: 'USD' })).toBe(`USD${NBSP}1,200`);
  });

  it('Arabic: the same decimals, Latin or Arabic-Indic digits as the user chose', () => {
    applyPreferences({ language: 'ar' });
    expect(formatMoney(1250.5)).toContain('1,250.50');
    expect(formatMoney(1250)).toContain('1,250');
    expect(formatMoney(1250)).not.toMatch(/1,250\.\d/);
    applyPreferences({ arabicDigits: true });
    expect(formatMoney(1250.5)).toContain('١٬٢٥٠٫٥٠');
  });

  it('never breaks inside the amount: the code and the number are joined by a no-break space', () => {
    expect(formatMoney(105_754.5)).not.toMatch(/ /);
  });
});
