import { describe, expect, it } from 'vitest';
import { applyPreferences } from '../../i18n';
import { fakeApi, json } from '../../test/fake-api';
import { formatSeenDate } from './format';
import { notificationMessage } from './notification-text';
import { i18n } from '../../i18n';
import { resetNotificationsStoreForTests, useNotificationsStore } from './store';

/** What the bell shows from this module (dates, 'Never', a load failure) in Arabic. */
describe('Notifications in Arabic', () => {
  it("dates read in Arabic (Latin digits unless asked otherwise), and 'Never' is أبدًا", () => {
    applyPreferences({ language: 'ar' });
    expect(formatSeenDate(null)).toBe('أبدًا');
    expect(formatSeenDate('not a date')).toBe('أبدًا');
    expect(formatSeenDate('2026-11-20T10:00:00.000Z')).toMatch(/نوفمبر/);
    expect(formatSeenDate('2026-11-20T10:00:00.000Z')).toMatch(/20/);
    applyPreferences({ arabicDigits: true });
    expect(formatSeenDate('2026-11-20T10:00:00.000Z')).toMatch(/٢٠/);
  });

  it('words a failed load by its code in Arabic, else the fallback', async () => {
    applyPreferences({ language: 'ar' });
    resetNotificationsStoreForTests();
    fakeApi({ 'GET /api/notifications': () => json(401, { ok: false, error: 'Please sign in.', code: 'unauthorized' }) });
    await useNotificationsStore.getState().load();
    expect(useNotificationsStore.getState()).toMatchObject({ status: 'error', error: 'يرجى تسجيل الدخول للمتابعة.' });

    fakeApi({ 'GET /api/notifications': () => json(500, { ok: false }) });
    await useNotificationsStore.getState().load();
    expect(useNotificationsStore.getState().error).toBe('تعذّر تحميل الإشعارات.');
  });

  it('names a contact with no name nor number "No number yet", never by its WhatsApp id placeholder', () => {
    const line = (params: Record<string, string>) => notificationMessage(i18n.t, { code: 'lead.assigned', params, text: 'server text' } as never);
    applyPreferences({ language: 'ar' });
    expect(line({ name: 'lid:203412345678901' })).toBe('أُسند إليك عميل محتمل: لا يوجد رقم بعد');
    applyPreferences({ language: 'en' });
    expect(line({ name: 'user:EG.1234567890' })).not.toContain('user:');
    expect(line({ name: 'user:EG.1234567890' })).toContain('No number yet');
  });

  it('words the lead assignment notices in Arabic with its plural forms, in English otherwise', () => {
    applyPreferences({ language: 'ar' });
    const line = (code: string, params: Record<string, string | number>) => notificationMessage(i18n.t, { code, params, text: 'server text' } as never);
    expect(line('lead.assigned', { name: 'Karim' })).toBe('أُسند إليك عميل محتمل: Karim');
    expect(line('leads.assigned', { count: 2 })).toBe('أُسند إليك عميلان محتملان.');
    expect(line('leads.assigned', { count: 5 })).toBe('أُسند إليك 5 عملاء محتملين.');
    applyPreferences({ language: 'en' });
    expect(line('leads.assigned', { count: 3 })).toBe('3 leads were assigned to you.');
  });
});
