import type { Notification } from '@crm/common';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { applyPreferences } from '../../i18n';
import { fakeMessengerApi, messengerTestSetup, renderWithApp, testId } from '../../modules/messenger/testing';
import { resetNotificationsStoreForTests } from '../../modules/notifications/store';
import { adminUser, ok } from '../../test/fake-api';
import { NotificationsBell } from './NotificationsBell';

vi.mock('../../modules/notifications/beep', () => ({ playNotificationSound: vi.fn() }));

const notification = (overrides: Partial<Notification>): Notification => ({
  _id: testId(),
  code: null,
  params: null,
  text: '',
  link: null,
  isRead: true,
  createdAt: '2026-11-22T10:00:00.000Z',
  ...overrides,
});

/** Notifications are stored as a code with parameters; each user reads them in their language. */
describe('notifications bell in Arabic', () => {
  it('words each code in Arabic with its parameters, and shows the English text of a row without code', async () => {
    const arabicAdmin = { ...adminUser, language: 'ar' as const, arabicDigits: false };
    messengerTestSetup(arabicAdmin);
    resetNotificationsStoreForTests();
    const items = [
      notification({
        code: 'whatsapp.needs_qr',
        params: { reason: 'logged_out' },
        text: 'WhatsApp needs a new QR scan: WhatsApp was logged out from the phone. Scan the QR code again to reconnect.',
        link: '/whatsapp',
      }),
      notification({ code: 'product.low_stock', params: { name: 'Leather Sandals', stock: 4, min: 6 }, text: 'Low stock: Leather Sandals is down to 4 (minimum 6).' }),
      notification({ code: 'some.future_code', params: { x: 1 }, text: 'A text from a newer server' }),
      notification({ text: 'An old line from before codes' }),
    ];
    const api = fakeMessengerApi(arabicAdmin, {
      'GET /api/notifications': () => ok({ items, total: items.length, unreadCount: 0 }),
    });
    applyPreferences({ language: 'ar' });
    const { user } = renderWithApp(<NotificationsBell />, '/');
    await waitFor(() => expect(api.to('GET', '/api/notifications')).toHaveLength(1), { timeout: 5000 });
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(document.documentElement).toHaveAttribute('lang', 'ar');

    await user.click(screen.getByRole('button', { name: 'الإشعارات' }));
    const list = await screen.findByRole('list', { name: 'قائمة الإشعارات' }, { timeout: 5000 });
    const texts = within(list)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(texts[0]).toContain('واتساب يحتاج إلى مسح رمز QR جديد: تم تسجيل خروج واتساب من الهاتف. امسح رمز QR مرة أخرى لإعادة الاتصال.');
    expect(texts[1]).toContain('مخزون منخفض: تبقّى من Leather Sandals 4 فقط (الحد الأدنى 6).');
    expect(texts[2]).toContain('A text from a newer server');
    expect(texts[3]).toContain('An old line from before codes');
  }, 30_000);
});
