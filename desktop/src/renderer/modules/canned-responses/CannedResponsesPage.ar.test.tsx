import type { CannedResponse } from '@crm/common';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminUser, json, ok } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { catalogueText, inLanguage } from '../../test/catalogue';
import { fakeMessengerApi, messengerTestSetup, testId } from '../messenger/testing';

const arabicAdmin = inLanguage(adminUser, 'ar');

const response = (overrides: Partial<CannedResponse> = {}): CannedResponse => ({
  _id: testId(),
  title: 'الشحن',
  text: 'يستغرق الشحن من يومين إلى ثلاثة أيام.',
  createdBy: adminUser._id,
  canEdit: true,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  ...overrides,
});

async function openInArabic(items: CannedResponse[], handlers: Parameters<typeof fakeMessengerApi>[1] = {}) {
  messengerTestSetup(null);
  localStorage.setItem('token', 'token-of-admin');
  const api = fakeMessengerApi(arabicAdmin, { 'GET /api/canned-responses': () => ok({ items, total: items.length }), ...handlers });
  const view = renderApp('/canned-responses');
  await screen.findByRole('heading', { name: catalogueText('ar', 'canned:title'), level: 1 });
  return { ...view, api };
}

const ar = (key: string, values?: Record<string, string>) => catalogueText('ar', key, values);

/**
 * What only Arabic does on the canned responses manager: a refused save worded from the server's
 * code (English shows the server's own text). The rest runs in both languages in
 * CannedResponsesPage.test.tsx.
 */
describe('Canned Responses manager in Arabic', { timeout: 15_000 }, () => {
  it('words a refused save by its code in Arabic', async () => {
    const item = response();
    const { user } = await openInArabic([item], {
      [`PATCH /api/canned-responses/${item._id}`]: () => json(403, { ok: false, error: 'You can only change your own canned responses.', code: 'canned_response.not_yours' }),
    });
    const card = await screen.findByRole('listitem', { name: item.title });
    await user.click(within(card).getByRole('button', { name: ar('canned:editLabel', { title: item.title }) }));
    expect(screen.getByRole('heading', { name: ar('canned:form.editHeading'), level: 2 })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: ar('canned:form.update') }));
    expect(await screen.findByRole('alert')).toHaveTextContent(ar('canned:saveFailed', { reason: ar('errors:canned_response.not_yours') }));
  });
});
