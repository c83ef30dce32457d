import { screen, waitFor, within } from '@testing-library/react';
import { DEFAULT_ORDER_CONFIRMATION_SETTINGS, type OrderConfirmation } from '@crm/common';
import { describe, expect, it } from 'vitest';
import { adminUser, fail, ok } from '../../test/fake-api';
import { fakeCrmApi, type CrmHandler } from '../../test/fake-crm-api';
import { approvedTemplateFixture } from '../campaigns/testing';
import { renderApp } from '../../test/render-app';
import { makeContact } from '../contacts/testing/make-contact';

const arabicAdmin = { ...adminUser, language: 'ar' as const, arabicDigits: false };
const sending = {
  dailyCap: 200,
  minIntervalSeconds: 20,
  maxIntervalSeconds: 60,
  sendingHours: { from: '09:00', to: '21:00' },
  timeZone: 'Africa/Cairo',
  warmUp: { enabled: false, startCap: 20, dailyIncrease: 10, startedOn: null },
  failureThreshold: 5,
  failureWindow: 10,
  optOutKeywords: ['STOP'],
  today: { limit: 200, sent: 0 },
};

function openSettings(user = adminUser, handlers: Record<string, CrmHandler> = {}) {
  const api = fakeCrmApi(user, {
    'GET /api/settings/sending': () => ok(sending),
    'GET /api/settings/order-confirmation': () => ok(DEFAULT_ORDER_CONFIRMATION_SETTINGS),
    'PUT /api/settings/order-confirmation': (r) => ok(r.body),
    ...handlers,
  });
  return { ...renderApp('/settings/sending'), ...api };
}

const confirmation = (patch: Partial<OrderConfirmation>): OrderConfirmation => ({
  _id: '0190a0b0-0000-7000-8000-0000000000c1',
  contactId: 'x',
  status: 'open',
  sendAt: '2026-11-20T09:10:00.000Z',
  sentAt: '2026-11-20T09:10:00.000Z',
  remindedAt: null,
  answeredAt: null,
  createdAt: '2026-11-20T09:00:00.000Z',
  ...patch,
});

async function openDeal(user: typeof adminUser, state: OrderConfirmation | null) {
  const contact = makeContact({ stage: 'sales' });
  fakeCrmApi(user, {
    [`GET /api/contacts/${contact._id}`]: () => ok(contact),
    [`GET /api/contacts/${contact._id}/order-confirmation`]: () => ok({ confirmation: state && { ...state, contactId: contact._id } }),
    'GET /api/products': () => ok({ items: [], total: 0 }),
    'GET /api/shipping': () => ok({ items: [], total: 0 }),
  });
  renderApp(`/contacts/${contact._id}`);
  await screen.findByRole('heading', { level: 1, name: contact.name! });
}

describe('cash-on-delivery confirmation settings', { timeout: 20_000 }, () => {
  it('an admin switches it on, sets the timing and saves', async () => {
    const { user, to } = openSettings();
    const card = (await screen.findByRole('heading', { name: 'Cash-on-delivery confirmation' })).closest('section')!;
    const reminder = await within(card).findByRole('textbox', { name: /Remind after/ });
    await user.click(within(card).getByRole('switch', { name: 'Ask customers to confirm their orders' }));
    await user.clear(reminder);
    await user.type(reminder, '24');
    expect(within(card).getByLabelText('Arabic message')).toHaveValue(DEFAULT_ORDER_CONFIRMATION_SETTINGS.messageAr);
    await user.click(within(card).getByRole('button', { name: 'Save' }));
    expect(await within(card).findByText('Confirmation settings saved.')).toBeInTheDocument();
    expect(to('PUT', '/api/settings/order-confirmation')[0].body).toMatchObject({ enabled: true, reminderHours: 24, delayMinutes: 10 });
  });

  it('Retry after a failed load asks again and shows the settings', async () => {
    let answers = 0;
    const { user, to } = openSettings(adminUser, {
      'GET /api/settings/order-confirmation': () => (++answers === 1 ? new Response('x', { status: 502 }) : ok(DEFAULT_ORDER_CONFIRMATION_SETTINGS)),
    });
    const card = (await screen.findByRole('heading', { name: 'Cash-on-delivery confirmation' })).closest('section')!;
    expect(await within(card).findByText('Could not load the confirmation settings.')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Retry' }));
    expect(await within(card).findByRole('switch', { name: 'Ask customers to confirm their orders' })).not.toBeChecked();
    expect(to('GET', '/api/settings/order-confirmation')).toHaveLength(2);
    expect(within(card).queryByText('Could not load the confirmation settings.')).not.toBeInTheDocument();
  });

  it('reads and saves in Arabic', async () => {
    const { user, to } = openSettings(arabicAdmin);
    const card = (await screen.findByRole('heading', { name: 'تأكيد طلبات الدفع عند الاستلام' })).closest('section')!;
    await user.click(await within(card).findByRole('switch', { name: 'اطلب من العملاء تأكيد طلباتهم' }));
    await user.click(within(card).getByRole('button', { name: 'حفظ' }));
    expect(await within(card).findByText('تم حفظ إعدادات التأكيد.')).toBeInTheDocument();
    await user.selectOptions(within(card).getByRole('combobox', { name: 'لغة الرسالة' }), 'en');
    await user.click(within(card).getByRole('button', { name: 'حفظ' }));
    expect(to('PUT', '/api/settings/order-confirmation')[0].body).toMatchObject({ enabled: true });
    await waitFor(() => expect(to('PUT', '/api/settings/order-confirmation')[1]?.body).toMatchObject({ enabled: true, language: 'en' }));
  });
});

describe('the WhatsApp template of the confirmation (official API)', { timeout: 20_000 }, () => {
  const codTemplate = approvedTemplateFixture({ name: 'cod_confirm', language: 'ar', body: 'مرحبًا {{1}}، طلبك: {{2}}. الإجمالي {{3}}', bodyParamCount: 3 });
  const templates = { 'GET /api/whatsapp/cloud/templates': () => ok({ items: [codTemplate], total: 1 }) };

  it('an admin picks an approved template; its values start as the order placeholders', async () => {
    const { user, to } = openSettings(adminUser, templates);
    const card = (await screen.findByRole('heading', { name: 'Cash-on-delivery confirmation' })).closest('section')!;
    await user.click(await within(card).findByLabelText('WhatsApp template (official API)', { selector: 'input' }));
    await user.click(await within(card).findByRole('option', { name: 'cod_confirm · ar' }));
    expect(within(card).getByText(/first quick-reply button confirms the order/)).toBeInTheDocument();
    expect(within(card).getByRole('textbox', { name: 'Template value 1' })).toHaveValue('{name}');
    expect(within(card).getByRole('textbox', { name: 'Template value 2' })).toHaveValue('{lines}');
    const third = within(card).getByRole('textbox', { name: 'Template value 3' });
    expect(third).toHaveValue('{total}');
    await user.type(third, ' EGP');
    await user.click(within(card).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(to('PUT', '/api/settings/order-confirmation')).toHaveLength(1));
    expect(to('PUT', '/api/settings/order-confirmation')[0].body).toMatchObject({ whatsappTemplate: { name: 'cod_confirm', language: 'ar', params: ['{name}', '{lines}', '{total} EGP'] } });
  });

  it('reads in Arabic', async () => {
    openSettings(arabicAdmin, templates);
    const card = (await screen.findByRole('heading', { name: 'تأكيد طلبات الدفع عند الاستلام' })).closest('section')!;
    expect(await within(card).findByLabelText('قالب واتساب (الواجهة الرسمية)', { selector: 'input' })).toHaveAttribute('placeholder', 'بدون: تُرسل الرسالة أعلاه');
    expect(within(card).getByText(/زر الرد السريع الأول يؤكد الطلب/)).toBeInTheDocument();
  });

  it('has no template field for a company linked by QR', async () => {
    openSettings(adminUser, { 'GET /api/whatsapp/cloud/templates': () => fail(409, 'Templates are for the official API.') });
    const card = (await screen.findByRole('heading', { name: 'Cash-on-delivery confirmation' })).closest('section')!;
    await within(card).findByLabelText('English message');
    expect(within(card).queryByLabelText(/WhatsApp template/)).not.toBeInTheDocument();
  });
});

describe("the profile's deal section", { timeout: 20_000 }, () => {
  it('shows where the confirmation stands', async () => {
    await openDeal(adminUser, confirmation({ status: 'confirmed', answeredAt: '2026-11-20T10:00:00.000Z' }));
    const group = await screen.findByRole('group', { name: 'Order confirmation' });
    expect(within(group).getByText('Confirmed')).toBeInTheDocument();
    expect(within(group).getByText(/^Sent /)).toBeInTheDocument();
    expect(within(group).getByText(/^Confirmed by the customer /)).toBeInTheDocument();
    expect(within(group).queryByText(/^Reminder sent/)).not.toBeInTheDocument();
  });

  it('shows it in Arabic', async () => {
    await openDeal(arabicAdmin, confirmation({ status: 'open', remindedAt: '2026-11-20T21:10:00.000Z' }));
    const group = await screen.findByRole('group', { name: 'تأكيد الطلب' });
    expect(within(group).getByText('في انتظار الرد')).toBeInTheDocument();
    expect(within(group).getByText(/^أُرسل التذكير /)).toBeInTheDocument();
  });

  it('shows nothing when no confirmation was asked', async () => {
    await openDeal(adminUser, null);
    expect(await screen.findByText('Sales Deal and Shipping Details')).toBeInTheDocument();
    expect(screen.queryByText('Order confirmation')).not.toBeInTheDocument();
  });
});
