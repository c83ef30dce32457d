import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminUser, json, ok } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { catalogueText, inLanguage } from '../../test/catalogue';
import { fakeCrmApi } from '../../test/fake-crm-api';

const ar = (key: string) => catalogueText('ar', key);

/**
 * What only Arabic does on the dashboard: a server error worded from its code (English shows the
 * server's own text). The rest runs in both languages in DashboardPage.test.tsx.
 */
describe('Dashboard in Arabic', { timeout: 15_000 }, () => {
  it('words a server error by its code in Arabic', async () => {
    fakeCrmApi(inLanguage(adminUser, 'ar'), {
      'GET /api/contacts/stats': () => json(403, { ok: false, error: 'Forbidden', code: 'forbidden' }),
      'GET /api/auth/users': () => ok([adminUser]),
    });
    renderApp('/');
    await screen.findByRole('heading', { name: ar('dashboard:title'), level: 1 });
    expect(await screen.findByText(ar('errors:forbidden'))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: ar('common:retry') })).toBeInTheDocument();
  });
});
