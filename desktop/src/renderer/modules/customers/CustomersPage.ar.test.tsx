import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminUser, json } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { fakeCrmApi, type CrmHandler } from '../../test/fake-crm-api';

const arabicAdmin = { ...adminUser, language: 'ar' as const, arabicDigits: false };

async function openCustomersInArabic(handler: CrmHandler) {
  const api = fakeCrmApi(arabicAdmin, { 'GET /api/contacts': handler });
  const view = renderApp('/customers');
  await screen.findByRole('heading', { name: 'العملاء', level: 1 });
  return { ...view, ...api };
}

/**
 * What only Arabic does on the customers list: a server error worded from its code (English shows
 * the server's own text). The rest runs in both languages in CustomersPage.test.tsx.
 */
describe('Customers in Arabic', { timeout: 15_000 }, () => {
  it('words a server error by its code in Arabic', async () => {
    await openCustomersInArabic(() => json(400, { ok: false, error: 'From must not be after To.', code: 'date_range.invalid' }));
    expect(await screen.findByText('يجب ألا يكون تاريخ البداية بعد تاريخ النهاية.')).toBeInTheDocument();
  });
});
