import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminUser, json, ok } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { catalogueText, inLanguage } from '../../test/catalogue';
import { fakeFollowUpsApi, makeTemplate } from './testing';

const ar = (key: string, values?: Record<string, string>) => catalogueText('ar', key, values);

/**
 * What only Arabic does on the follow-up templates screen: a refused delete worded from the
 * server's code (English shows the server's own text). The rest runs in both languages in
 * FollowUpTemplatesPage.test.tsx.
 */
describe('Follow-up Templates in Arabic', { timeout: 15_000 }, () => {
  it('words a refused delete by its code in Arabic', async () => {
    const template = makeTemplate({ name: 'قديم' });
    fakeFollowUpsApi(inLanguage(adminUser, 'ar'), {
      'GET /api/follow-up-templates': () => ok({ items: [template], total: 1 }),
      [`DELETE /api/follow-up-templates/${template._id}`]: () => json(403, { ok: false, error: 'You can only change your own templates.', code: 'template.not_yours' }),
    });
    const { user } = renderApp('/follow-up-templates');
    await screen.findByRole('heading', { level: 1, name: ar('followups:title') });
    await user.click(await screen.findByRole('button', { name: ar('followups:card.deleteLabel', { name: template.name }) }));
    const confirm = await screen.findByRole('dialog', { name: ar('followups:confirmDelete.title') });
    await user.click(within(confirm).getByRole('button', { name: ar('followups:confirmDelete.confirm') }));
    expect(await screen.findByText(ar('errors:template.not_yours'))).toBeInTheDocument();
  });
});
