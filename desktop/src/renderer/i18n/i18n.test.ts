import { ERROR_CODES, LANGUAGES } from '@crm/common';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api-error';
import { errorMessage } from '../lib/error-message';
import { formatDate, formatDay, formatMoney, formatNumber } from '../lib/format';
import { applyPreferences, i18n, initialPreferences, intlLocale } from '.';

describe('language switch', () => {
  it('Arabic sets lang and dir on <html>, and English sets them back', () => {
    applyPreferences({ language: 'ar' });
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(document.documentElement).toHaveAttribute('lang', 'ar');
    expect(i18n.t('layout:nav.customers')).toBe('العملاء');
    applyPreferences({ language: 'en' });
    expect(document.documentElement).toHaveAttribute('dir', 'ltr');
    expect(i18n.t('layout:nav.customers')).toBe('Customers');
  });

  it('first start follows the system language, then what was chosen on this machine', () => {
    const system = Object.getOwnPropertyDescriptor(window.navigator, 'language');
    Object.defineProperty(window.navigator, 'language', { value: 'ar-EG', configurable: true });
    try {
      expect(initialPreferences().language).toBe('ar');
      localStorage.setItem('crm-language', 'en');
      expect(initialPreferences().language).toBe('en');
    } finally {
      if (system) Object.defineProperty(window.navigator, 'language', system);
      else delete (window.navigator as { language?: string }).language;
    }
  });

  it('Arabic plurals use all six forms', () => {
    applyPreferences({ language: 'ar' });
    const count = (n: number) => i18n.t('customers:count', { count: n });
    expect([0, 1, 2, 3, 11, 100].map(count)).toEqual(['لا يوجد عملاء', 'عميل واحد', 'عميلان', '3 عملاء', '11 عميلًا', '100 عميل']);
  });

  it('numbers inside texts follow the digits setting and get separators', () => {
    expect(i18n.t('customers:count', { count: 1250 })).toBe('1,250 customers');
    applyPreferences({ language: 'ar', arabicDigits: true });
    expect(i18n.t('customers:count', { count: 3 })).toBe('٣ عملاء');
    expect(i18n.t('common:pager.pageOf', { page: 2, pages: 12 })).toBe('صفحة ٢ من ١٢');
  });
});

describe('formatting', () => {
  it('English keeps its formats; Arabic uses Latin digits unless the user chose Arabic-Indic ones', () => {
    expect(formatMoney(12500)).toBe('EGP\u00a012,500');
    expect(formatDay('2026-11-22')).toBe('Nov 22, 2026');
    applyPreferences({ language: 'ar' });
    expect(intlLocale()).toBe('ar-EG-u-nu-latn');
    expect(formatNumber(12500)).toBe('12,500');
    expect(formatDay('2026-11-22')).toBe('22 نوفمبر 2026');
    expect(formatMoney(12500, { whole: true })).toContain('12,500');
    applyPreferences({ arabicDigits: true });
    expect(formatNumber(12500)).toBe('١٢٬٥٠٠');
    expect(formatMoney(99.5, { currency: 'USD' })).toContain('٩٩٫٥');
  });

  it("dates can be shown in a given zone (the tenant's)", () => {
    expect(formatDate('2026-11-22T23:30:00Z', { timeZone: 'Africa/Cairo' })).toBe('Nov 23, 2026');
    expect(formatDate('2026-11-22T23:30:00Z', { timeZone: 'UTC' })).toBe('Nov 22, 2026');
  });
});

describe('errors by code', () => {
  const conflict = new ApiError(409, 'A contact with this phone already exists.', 'x', undefined, 'contact.phone_taken');

  it('every error code has an English and an Arabic text', () => {
    for (const language of LANGUAGES) {
      const missing = ERROR_CODES.filter((code) => !i18n.exists(`errors:${code}`, { lng: language, count: 1 }));
      expect(missing, language).toEqual([]);
    }
  });

  it("Arabic shows the code in Arabic; English keeps the server's own English text", () => {
    expect(errorMessage(conflict, 'common:unknownError')).toBe('A contact with this phone already exists.');
    applyPreferences({ language: 'ar' });
    expect(errorMessage(conflict, 'common:unknownError')).toBe('توجد جهة اتصال بهذا الرقم بالفعل.');
    const withParams = new ApiError(400, 'x', 'x', undefined, 'contact.export_too_large', { max: 5000 });
    expect(errorMessage(withParams, 'common:unknownError')).toContain('5,000');
  });

  it('words validation_failed from its field and issue', () => {
    applyPreferences({ language: 'ar' });
    const error = new ApiError(400, 'email is required', 'x', undefined, 'validation_failed', { field: 'email', issue: 'required' });
    expect(errorMessage(error, 'common:unknownError')).toBe('البريد الإلكتروني: مطلوب');
  });

  it('falls back to the server text for an unknown code, then to the fallback key', () => {
    applyPreferences({ language: 'ar' });
    const unknown = new ApiError(400, 'Something new.', 'x', undefined, 'product.brand_new' as never);
    expect(errorMessage(unknown, 'common:unknownError')).toBe('Something new.');
    expect(errorMessage(new ApiError(500, undefined, 'x'), 'common:unknownError')).toBe('خطأ غير معروف');
    // an empty server text says nothing: the fallback speaks instead
    expect(errorMessage(new ApiError(500, '', 'x'), 'common:unknownError')).toBe('خطأ غير معروف');
    applyPreferences({ language: 'en' });
    expect(errorMessage(new ApiError(500, '', 'x'), 'common:unknownError')).not.toBe('');
    applyPreferences({ language: 'ar' });
    const offline = new ApiError(0, undefined, 'Could not reach the server.');
    expect(errorMessage(offline, 'common:unknownError', { list: true })).toBe('تعذّر الوصول إلى الخادم.');
    // forms keep the spec's rule: their own fallback when the server could not be reached
    expect(errorMessage(offline, 'auth:loginFailed')).toBe('فشل تسجيل الدخول. يرجى التحقق من بياناتك.');
  });
});
