import { screen, within } from '@testing-library/react';
import { LANGUAGES, type Contact } from '@crm/common';
import { describe, expect, it } from 'vitest';
import { adminUser, ok } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { catalogueText, inLanguage } from '../../test/catalogue';
import { fakeCrmApi, type CrmHandler } from '../../test/fake-crm-api';
import { makeContact } from './testing/make-contact';

/**
 * The contact profile in each language and its direction, texts from each catalogue (the Arabic
 * copy of these tests only repeated them). Beside ContactProfilePage.test.tsx, which is full.
 */
describe.each(LANGUAGES)('Contact profile in %s', (language) => {
  const text = (key: string, values?: Record<string, string>) => catalogueText(language, `contacts:${key}`, values);

  async function openProfile(contact: Contact, handlers: Record<string, CrmHandler> = {}) {
    const api = fakeCrmApi(inLanguage(adminUser, language), { [`GET /api/contacts/${contact._id}`]: () => ok(contact), 'GET /api/shipping': () => ok({ items: [], total: 0 }), ...handlers });
    const view = renderApp(`/contacts/${contact._id}`);
    await screen.findByRole('heading', { level: 1, name: contact.name || contact.phone });
    return { ...view, ...api };
  }

  it('shows the sections, stage and buttons, and keeps the phone left to right', { timeout: 15_000 }, async () => {
    await openProfile(makeContact({ name: 'منى حسن', phone: '+201001234567', stage: 'customer', assignedTo: null }));
    expect(document.documentElement).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
    const header = screen.getByRole('region', { name: text('profile.summary') });
    expect(within(header).getByText(text('stages.customer'))).toBeInTheDocument();
    expect(within(header).getByText(text('profile.unassigned'))).toBeInTheDocument();
    expect(within(header).getByText('+201001234567').closest('bdi')).toHaveAttribute('dir', 'ltr');
    expect(screen.getByRole('link', { name: text('profile.back.customers') })).toHaveAttribute('href', '/customers');
    expect(screen.getByRole('button', { name: text('profile.sections.details') })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('button', { name: text('profile.sections.management') })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: text('stageActions.sales') })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: text('stageActions.lead') })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: text('profile.saveAll') })).toBeInTheDocument();
    expect(screen.getByText(text('profile.allSaved'))).toBeInTheDocument();
  });

  it('shows the hand-overs, the arrow pointing the way the language reads', { timeout: 15_000 }, async () => {
    const handOvers = [
      {
        _id: '0190a0b0-0000-7000-8000-00000000f001',
        from: null,
        to: { _id: '0190a0b0-0000-7000-8000-00000000f003', name: 'عمر' },
        note: 'تريد اللون الأحمر',
        timestamp: '2026-11-20T10:00:00.000Z',
        changedBy: { _id: '0190a0b0-0000-7000-8000-00000000f004', name: 'أميرة' },
      },
    ];
    await openProfile(makeContact({ handOvers }));
    const list = screen.getByLabelText(text('management.handOvers'));
    expect(within(list).getByText(text('management.handedOver', { from: text('management.nobody'), to: 'عمر' }))).toBeInTheDocument();
    expect(within(list).getByText(text('management.handOverNote', { note: 'تريد اللون الأحمر' }))).toBeInTheDocument();
    expect(within(list).getByText((content) => content.includes(text('management.by', { name: 'أميرة' }).trim()))).toBeInTheDocument();
  });

  it("shows the deal's shipping changes and the customer's answer to the confirmation", { timeout: 15_000 }, async () => {
    const shippingHistory = [
      {
        _id: '0190a0b0-0000-7000-8000-00000000f011',
        from: 'processing' as const,
        to: 'cancelled' as const,
        reason: 'order_cancelled' as const,
        timestamp: '2026-11-22T10:00:00.000Z',
        changedBy: null,
      },
      { _id: '0190a0b0-0000-7000-8000-00000000f012', from: null, to: 'processing' as const, reason: 'order_confirmed' as const, timestamp: '2026-11-21T10:00:00.000Z', changedBy: null },
    ];
    await openProfile(makeContact({ stage: 'sales', shippingHistory }));
    const list = screen.getByLabelText(text('management.shippingHistory'));
    expect(within(list).getByText(text('management.move', { from: text('shippingStatus.processing'), to: text('shippingStatus.cancelled') }))).toBeInTheDocument();
    expect(within(list).getByText(text('management.orderCancelled'))).toBeInTheDocument();
    expect(within(list).getByText(text('management.shippingSet', { status: text('shippingStatus.processing') }))).toBeInTheDocument();
    expect(within(list).getByText(text('management.orderConfirmed'))).toBeInTheDocument();
  });

  it('confirms a save', { timeout: 15_000 }, async () => {
    const contact = makeContact();
    const { user } = await openProfile(contact, { [`PATCH /api/contacts/${contact._id}`]: ({ body }) => ok({ ...contact, ...(body as object) }) });
    await user.type(screen.getByLabelText(text('details.notes')), 'VIP');
    await user.click(screen.getByRole('button', { name: text('profile.saveAll') }));
    expect(await screen.findByText(text('profile.alerts.saved'))).toBeInTheDocument();
  });
});
