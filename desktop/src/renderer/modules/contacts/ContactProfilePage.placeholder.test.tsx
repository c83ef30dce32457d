import { screen, within } from '@testing-library/react';
import type { Contact } from '@crm/common';
import { describe, expect, it } from 'vitest';
import { adminUser, ok } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { fakeCrmApi } from '../../test/fake-crm-api';
import { makeContact } from './testing/make-contact';

const arabicAdmin = { ...adminUser, language: 'ar' as const, arabicDigits: false };

function openProfile(contact: Contact, user = adminUser) {
  fakeCrmApi(user, {
    [`GET /api/contacts/${contact._id}`]: () => ok(contact),
    'GET /api/shipping': () => ok({ items: [], total: 0 }),
  });
  renderApp(`/contacts/${contact._id}`);
}

/** A contact WhatsApp knows only by an id (`lid:…`, `user:…`) has no number to show yet. */
describe('Contact profile of a contact with no number yet', { timeout: 15_000 }, () => {
  it('is titled "No number yet" without a name, and its phone field is empty with that placeholder', async () => {
    openProfile(makeContact({ name: null, phone: 'lid:203412345678901' }));
    await screen.findByRole('heading', { level: 1, name: 'No number yet' });
    expect(screen.getByRole('textbox', { name: 'Phone' })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: 'Phone' })).toHaveAttribute('placeholder', 'No number yet');
    expect(document.body).not.toHaveTextContent('lid:');
  });

  it('with a name, shows "No number yet" muted where the number goes', async () => {
    openProfile(makeContact({ name: 'Hala', phone: 'user:EG.1234567890' }));
    await screen.findByRole('heading', { level: 1, name: 'Hala' });
    const summary = screen.getByRole('region', { name: 'Contact summary' });
    expect(within(summary).getByText('No number yet')).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent('user:EG');
  });

  it('in Arabic', async () => {
    openProfile(makeContact({ name: 'هالة', phone: 'user:EG.1234567890' }), arabicAdmin);
    await screen.findByRole('heading', { level: 1, name: 'هالة' });
    const summary = screen.getByRole('region', { name: 'ملخص جهة الاتصال' });
    expect(within(summary).getByText('لا يوجد رقم بعد')).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent('user:EG');
  });
});
