import type { WhatsAppTemplate } from '@crm/common';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminUser, fail, ok } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { fakeCrmApi } from '../../test/fake-crm-api';

const arabicAdmin = { ...adminUser, language: 'ar' as const, arabicDigits: false };
const CONNECTED = {
  phoneNumberId: '106540352242922',
  businessAccountId: '102290129340398',
  accessTokenHint: '…9f3a',
  appSecretHint: '…8f90',
  verifyTokenHint: '…ke12',
  webhookUrl: 'https://crm.example.com/api/webhooks/whatsapp/106540352242922',
  state: 'connected',
  reasonCode: null,
  reason: null,
  displayPhoneNumber: null,
  verifiedName: null,
  lastTestedAt: null,
  updatedAt: '2026-11-26T02:00:00.000Z',
};

describe('Settings → WhatsApp connection in Arabic', { timeout: 20_000 }, () => {
  it('words the choice and the API form in Arabic', async () => {
    fakeCrmApi(arabicAdmin, { 'GET /api/whatsapp/cloud': () => fail(404, 'not set up') });
    const { user } = renderApp('/settings/whatsapp');
    await screen.findByRole('heading', { name: 'اتصال واتساب', level: 1 });
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    await user.click(await screen.findByText('واجهة واتساب للأعمال الرسمية'));
    expect(screen.getByLabelText(/معرّف رقم الهاتف/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'حفظ واتصال' })).toBeInTheDocument();
  });

  it('words the templates list and its sync button in Arabic', async () => {
    fakeCrmApi(arabicAdmin, {
      'GET /api/whatsapp/cloud': () => ok(CONNECTED),
      'GET /api/whatsapp/cloud/templates': () => ok({ items: [], total: 0 }),
    });
    renderApp('/settings/whatsapp');
    const region = await screen.findByRole('region', { name: 'قوالب الرسائل' });
    expect(within(region).getByRole('button', { name: 'مزامنة القوالب' })).toBeInTheDocument();
    expect(await within(region).findByText('لا توجد قوالب بعد. اضغط "مزامنة القوالب" لقراءتها من Meta.')).toBeInTheDocument();
  });

  it("shows a synced template's media header and its quick-reply buttons, worded in Arabic", async () => {
    const template: WhatsAppTemplate = {
      _id: 'cod',
      name: 'cod_confirm',
      language: 'ar',
      category: 'UTILITY',
      status: 'APPROVED',
      body: 'مرحبًا {{1}}، هل تؤكد طلبك؟',
      bodyParamCount: 1,
      header: { format: 'DOCUMENT', text: null, paramCount: 1 },
      buttons: [
        { type: 'QUICK_REPLY', text: 'تأكيد', url: null },
        { type: 'QUICK_REPLY', text: 'إلغاء', url: null },
      ],
      syncedAt: '2026-11-26T02:00:00.000Z',
    };
    fakeCrmApi(arabicAdmin, {
      'GET /api/whatsapp/cloud': () => ok(CONNECTED),
      'GET /api/whatsapp/cloud/templates': () => ok({ items: [template], total: 1 }),
    });
    renderApp('/settings/whatsapp');
    const region = await screen.findByRole('region', { name: 'قوالب الرسائل' });
    expect(await within(region).findByText('العنوان: DOCUMENT')).toBeInTheDocument();
    const buttons = within(region).getByRole('list', { name: 'أزرار cod_confirm' });
    expect(
      within(buttons)
        .getAllByRole('listitem')
        .map((b) => b.textContent),
    ).toEqual(['تأكيد', 'إلغاء']);
  });
});
