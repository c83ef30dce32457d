import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminUser, ok } from '../../test/fake-api';
import { fakeCrmApi } from '../../test/fake-crm-api';
import { renderApp } from '../../test/render-app';
import { approvedTemplateFixture, campaignFixture, recipientFixture } from './testing';

const arabicAdmin = { ...adminUser, language: 'ar' as const, arabicDigits: false };

describe('Campaigns in Arabic', { timeout: 20_000 }, () => {
  it('shows the list, the pause reason and the recipients in Arabic, right to left', async () => {
    const paused = campaignFixture({ name: 'عرض العيد', status: 'paused', pausedReason: 'whatsapp_disconnected' });
    fakeCrmApi(arabicAdmin, {
      'GET /api/campaigns': () => ok({ items: [paused], total: 1 }),
      [`GET /api/campaigns/${paused._id}`]: () => ok(paused),
      [`GET /api/campaigns/${paused._id}/recipients`]: () => ok({ items: [recipientFixture({ name: 'سلمى', status: 'skipped', reason: 'duplicate_number', sentAt: null })], total: 1 }),
    });
    const { user } = renderApp('/campaigns');
    await screen.findByRole('heading', { name: 'الحملات', level: 1 });
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    const row = (await screen.findByRole('link', { name: 'عرض العيد' })).closest('tr')!;
    expect(within(row).getByText('متوقفة مؤقتًا')).toBeInTheDocument();
    await user.click(within(row).getByRole('link', { name: 'عرض العيد' }));
    expect(await screen.findByText('توقفت تلقائيًا: انقطع اتصال واتساب. أعد الاتصال ثم استأنف.')).toBeInTheDocument();
    const salma = (await screen.findByRole('link', { name: 'سلمى' })).closest('tr')!;
    expect(within(salma).getByText('رقم مكرر')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'استئناف' })).toBeInTheDocument();
  });

  it('offers the WhatsApp template for contacts outside the 24-hour window in Arabic, and words the skip reason', async () => {
    const created = campaignFixture({ name: 'استرجاع العملاء', status: 'draft' });
    const { to } = fakeCrmApi(arabicAdmin, {
      'GET /api/campaigns': () => ok({ items: [], total: 0 }),
      'GET /api/labels': () => ok({ items: [], total: 0 }),
      'GET /api/whatsapp/cloud/templates': () =>
        ok({
          items: [approvedTemplateFixture({ name: 'order_update', language: 'ar', body: 'مرحبًا {{1}}', bodyParamCount: 1, header: { format: 'TEXT', text: 'عرض {{1}}', paramCount: 1 } })],
          total: 1,
        }),
      'POST /api/campaigns/audience': () => ok({ count: 3, sample: [], preview: null }),
      'POST /api/campaigns': () => ok(created),
      [`GET /api/campaigns/${created._id}`]: () => ok(created),
      [`GET /api/campaigns/${created._id}/recipients`]: () => ok({ items: [recipientFixture({ name: 'منى', status: 'skipped', reason: 'window_closed', sentAt: null })], total: 1 }),
    });
    const { user } = renderApp('/campaigns');
    await user.click(await screen.findByRole('button', { name: 'حملة جديدة' }));
    await user.type(await screen.findByRole('textbox', { name: 'اسم الحملة' }), 'استرجاع العملاء');
    const wizard = screen.getByRole('dialog');
    await user.click(within(wizard).getByRole('button', { name: 'التالي' }));
    await user.click(await within(wizard).findByLabelText('قالب واتساب خارج نافذة الـ 24 ساعة', { selector: 'input' }));
    await user.click(await within(wizard).findByRole('option', { name: 'order_update · ar' }));
    expect(within(wizard).getByRole('textbox', { name: /قيمة القالب 1/ })).toHaveValue('{name}');
    await user.click(within(wizard).getByRole('textbox', { name: 'متغير العنوان' }));
    await user.paste('العيد');
    await user.click(within(wizard).getByRole('button', { name: 'التالي' }));
    await user.click(within(wizard).getByRole('button', { name: 'حفظ كمسودة' }));
    const mona = (await screen.findByRole('link', { name: 'منى' })).closest('tr')!;
    expect(within(mona).getByText('انتهت نافذة الـ 24 ساعة ولا يوجد قالب واتساب')).toBeInTheDocument();
    expect(to('POST', '/api/campaigns')[0].body).toMatchObject({ whatsappTemplate: { name: 'order_update', language: 'ar', params: ['{name}'], header: { text: 'العيد' } } });
  });

  it('saves the sending settings in Arabic', async () => {
    const settings = {
      dailyCap: 200,
      minIntervalSeconds: 20,
      maxIntervalSeconds: 60,
      sendingHours: { from: '09:00', to: '21:00' },
      timeZone: 'Africa/Cairo',
      warmUp: { enabled: true, startCap: 20, dailyIncrease: 10, startedOn: '2026-11-20' },
      failureThreshold: 5,
      failureWindow: 10,
      optOutKeywords: ['STOP', 'الغاء'],
      today: { limit: 80, sent: 12 },
    };
    const { to } = fakeCrmApi(arabicAdmin, { 'GET /api/settings/sending': () => ok(settings), 'PUT /api/settings/sending': (r) => ok({ ...(r.body as object), today: settings.today }) });
    const { user } = renderApp('/settings/sending');
    await screen.findByRole('heading', { name: 'الإرسال', level: 1 });
    expect(await screen.findByText('اليوم: أُرسلت 12 من 80')).toBeInTheDocument();
    const cap = screen.getByRole('textbox', { name: /الحد اليومي/ });
    await user.clear(cap);
    await user.type(cap, '300');
    await user.click(screen.getByRole('button', { name: 'حفظ' }));
    expect(await screen.findByText('تم حفظ الإعدادات.')).toBeInTheDocument();
    expect(to('PUT', '/api/settings/sending')[0].body).toMatchObject({ dailyCap: 300, optOutKeywords: ['STOP', 'الغاء'], restartWarmUp: false });
  });
});
