import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminUser, json, ok } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { catalogueText, inLanguage } from '../../test/catalogue';
import { fakeCrmApi } from '../../test/fake-crm-api';

/**
 * What only Arabic does on the sales pipeline: a server error worded from its code (English shows
 * the server's own text). The rest runs in both languages in PipelinePage.test.tsx.
 */
describe('Sales Pipeline in Arabic', { timeout: 15_000 }, () => {
  it('words a server error by its code in Arabic', async () => {
    fakeCrmApi(inLanguage(adminUser, 'ar'), {
      'GET /api/contacts': () => json(400, { ok: false, error: 'From must not be after To.', code: 'date_range.invalid' }),
      'GET /api/products': () => ok({ items: [], total: 0 }),
    });
    renderApp('/sales');
    await screen.findByRole('heading', { name: catalogueText('ar', 'pipeline:title'), level: 1 });
    expect(await screen.findByText(catalogueText('ar', 'errors:date_range.invalid'))).toBeInTheDocument();
  });
});
