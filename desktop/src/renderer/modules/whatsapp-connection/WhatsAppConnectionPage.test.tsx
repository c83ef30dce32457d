import { LANGUAGES, type WhatsAppCloudConnection, type WhatsAppTemplate } from '@crm/common';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminUser, fail, ok, salesUser } from '../../test/fake-api';
import { openedSockets } from '../../test/fake-socket';
import { renderApp } from '../../test/render-app';
import { catalogueText, inLanguage } from '../../test/catalogue';
import { fakeCrmApi, type CrmHandler } from '../../test/fake-crm-api';

const connection = (extra: Partial<WhatsAppCloudConnection> = {}): WhatsAppCloudConnection => ({
  phoneNumberId: '106540352242922',
  businessAccountId: '102290129340398',
  accessTokenHint: '…9f3a',
  appSecretHint: '…8f90',
  verifyTokenHint: '…ke12',
  webhookUrl: 'https://crm.example.com/api/webhooks/whatsapp/106540352242922',
  state: 'untested',
  reasonCode: null,
  reason: null,
  displayPhoneNumber: null,
  verifiedName: null,
  lastTestedAt: null,
  updatedAt: '2026-11-26T02:00:00.000Z',
  ...extra,
});

async function open(handlers: Record<string, CrmHandler>, user = adminUser) {
  const api = fakeCrmApi(user, handlers);
  const view = renderApp('/settings/whatsapp');
  return { ...view, ...api };
}

describe('Settings → WhatsApp connection', { timeout: 20_000 }, () => {
  it('without an API connection: QR is chosen; the admin fills the API form, saves, sees the webhook URL and tests the connection', async () => {
    const { user, to } = await open({
      'GET /api/whatsapp/cloud': () => fail(404, 'The official WhatsApp API is not set up for this company.'),
      'PUT /api/whatsapp/cloud': () => ok(connection()),
      'POST /api/whatsapp/cloud/test': () => ok(connection({ state: 'connected', displayPhoneNumber: '+20 100 123 4567', verifiedName: 'Company A' })),
    });
    await screen.findByRole('heading', { name: 'WhatsApp connection', level: 1 });
    expect(await screen.findByText(/Scan a QR code with the company's phone/)).toBeInTheDocument();
    await user.click(screen.getByText('Official WhatsApp Business API'));
    const form = screen.getByRole('form', { name: 'Official API settings' });
    await user.type(within(form).getByLabelText(/Phone number ID/), '106540352242922');
    await user.type(within(form).getByLabelText(/WhatsApp business account ID/), '102290129340398');
    await user.type(within(form).getByLabelText(/Access token/), 'EAAGsecret-token-0000000000');
    await user.type(within(form).getByLabelText(/App secret/), 'a1b2c3d4e5f60718');
    await user.type(within(form).getByLabelText(/Verify token/), 'verify-me-please');
    await user.click(screen.getByRole('button', { name: 'Save and connect' }));
    expect(await screen.findByText('https://crm.example.com/api/webhooks/whatsapp/106540352242922')).toBeInTheDocument();
    expect(to('PUT', '/api/whatsapp/cloud')[0].body).toEqual({
      phoneNumberId: '106540352242922',
      businessAccountId: '102290129340398',
      accessToken: 'EAAGsecret-token-0000000000',
      appSecret: 'a1b2c3d4e5f60718',
      verifyToken: 'verify-me-please',
    });
    // the secrets are not kept in the form: only the stored hint shows
    expect(within(form).getByLabelText(/Access token/)).toHaveValue('');
    expect(within(form).getByLabelText(/Access token/)).toHaveAttribute('placeholder', 'Stored: …9f3a (enter it again to save)');
    await user.click(screen.getByRole('button', { name: 'Test connection' }));
    expect(await screen.findByText('Connected: Meta answered for +20 100 123 4567 Company A')).toBeInTheDocument();
  });

  it('a stored connection Meta refused shows why (token_invalid, worded), and removing it goes back to QR', async () => {
    const { user, to } = await open({
      'GET /api/whatsapp/cloud': () => ok(connection({ state: 'needs_attention', reasonCode: 'token_invalid', reason: 'Meta refused the access token (x)' })),
      'DELETE /api/whatsapp/cloud': () => ok({ deleted: true }),
    });
    expect(await screen.findByText('Meta refused the access token (expired or revoked). Enter a new one in the WhatsApp settings.')).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Official API settings' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove the API connection' }));
    expect(await screen.findByText(/Scan a QR code with the company's phone/)).toBeInTheDocument();
    expect(to('DELETE', '/api/whatsapp/cloud')).toHaveLength(1);
  });

  it("lists the company's templates with their status, and 'Sync templates' reads them again from Meta", async () => {
    const template = (name: string, status: string): WhatsAppTemplate => ({
      _id: name,
      name,
      language: 'en_US',
      category: 'MARKETING',
      status,
      body: `Hi {{1}}, ${name}`,
      bodyParamCount: 1,
      header: null,
      buttons: [],
      syncedAt: '2026-11-26T02:00:00.000Z',
    });
    const codConfirm: WhatsAppTemplate = {
      ...template('cod_confirm', 'APPROVED'),
      header: { format: 'IMAGE', text: null, paramCount: 1 },
      buttons: [
        { type: 'QUICK_REPLY', text: 'Confirm', url: null },
        { type: 'QUICK_REPLY', text: 'Cancel', url: null },
      ],
    };
    let listed = [codConfirm, template('we_miss_you', 'APPROVED')];
    const { user, to } = await open({
      'GET /api/whatsapp/cloud': () => ok(connection({ state: 'connected' })),
      'GET /api/whatsapp/cloud/templates': () => ok({ items: listed, total: listed.length }),
      'POST /api/whatsapp/cloud/templates/sync': () => {
        listed = [...listed, template('summer_sale', 'PENDING')];
        return ok({ total: 3, added: 1, updated: 0, removed: 0, syncedAt: '2026-11-26T03:00:00.000Z' });
      },
    });
    const region = await screen.findByRole('region', { name: 'Message templates' });
    expect(await within(region).findByText('we_miss_you')).toBeInTheDocument();
    expect(within(region).getAllByText('APPROVED')).toHaveLength(2);
    // a synced template shows its header's kind and its buttons
    expect(within(region).getByText('Header: IMAGE')).toBeInTheDocument();
    expect(
      within(within(region).getByRole('list', { name: 'Buttons of cod_confirm' }))
        .getAllByRole('listitem')
        .map((b) => b.textContent),
    ).toEqual(['Confirm', 'Cancel']);
    expect(to('GET', '/api/whatsapp/cloud/templates')[0].query.get('status')).toBe('all');
    await user.click(within(region).getByRole('button', { name: 'Sync templates' }));
    expect(await screen.findByText('Templates synced: 3 in all (1 added, 0 updated, 0 removed).')).toBeInTheDocument();
    expect(await within(region).findByText('summer_sale')).toBeInTheDocument();
    expect(within(region).getByText('PENDING')).toBeInTheDocument();
    expect(to('POST', '/api/whatsapp/cloud/templates/sync')).toHaveLength(1);
  });

  it('Retry after the templates fail to load asks again and lists them', async () => {
    const missYou: WhatsAppTemplate = {
      _id: 't1',
      name: 'we_miss_you',
      language: 'en_US',
      category: 'MARKETING',
      status: 'APPROVED',
      body: 'Hi {{1}}',
      bodyParamCount: 1,
      header: null,
      buttons: [],
      syncedAt: '2026-11-26T02:00:00.000Z',
    };
    let answers = 0;
    const { user, to } = await open({
      'GET /api/whatsapp/cloud': () => ok(connection({ state: 'connected' })),
      'GET /api/whatsapp/cloud/templates': () => (++answers === 1 ? new Response('x', { status: 502 }) : ok({ items: [missYou], total: 1 })),
    });
    const region = await screen.findByRole('region', { name: 'Message templates' });
    expect(await within(region).findByText('Could not load the templates.')).toBeInTheDocument();
    await user.click(within(region).getByRole('button', { name: 'Retry' }));
    expect(await within(region).findByText('we_miss_you')).toBeInTheDocument();
    expect(to('GET', '/api/whatsapp/cloud/templates')).toHaveLength(2);
    expect(within(region).queryByText('Could not load the templates.')).not.toBeInTheDocument();
  });

  it('a sales rep is sent to the dashboard and the settings are never asked for', async () => {
    const { router, to } = await open({ 'GET /api/whatsapp/cloud': () => ok(connection()) }, salesUser);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(screen.queryByRole('heading', { name: 'WhatsApp connection' })).not.toBeInTheDocument();
    expect(to('GET', '/api/whatsapp/cloud')).toHaveLength(0);
  });

  it("says 'Not tested yet.' until the server reached Meta; once the session connects (wa:status) it shows connected without a reload", async () => {
    let stored = connection();
    await open({ 'GET /api/whatsapp/cloud': () => ok(stored) });
    expect(await screen.findByText('Not tested yet.')).toBeInTheDocument();
    await waitFor(() => expect(openedSockets.length).toBeGreaterThan(0));
    stored = connection({ state: 'connected', lastTestedAt: '2026-11-26T02:01:00.000Z' });
    act(() => openedSockets.at(-1)!.serverEmit('wa:status', { state: 'connected', ready: true, qr: null, tenantId: adminUser.tenantId, reason: null, reasonCode: null, phoneNumber: '201001234567' }));
    expect(await screen.findByText('Connected: Meta answered for 106540352242922')).toBeInTheDocument();
    expect(screen.queryByText('Not tested yet.')).not.toBeInTheDocument();
  });

  // One run per language (the Arabic copy only repeated these): texts from each catalogue.
  describe.each(LANGUAGES)('in %s', (language) => {
    const text = (key: string, values?: Record<string, string>) => catalogueText(language, `whatsappConnection:${key}`, values);
    const me = inLanguage(adminUser, language);

    it('words the choice and the API form in the language and its direction', async () => {
      fakeCrmApi(me, { 'GET /api/whatsapp/cloud': () => fail(404, 'not set up') });
      const { user } = renderApp('/settings/whatsapp');
      await screen.findByRole('heading', { name: text('title'), level: 1 });
      expect(document.documentElement).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
      await user.click(await screen.findByText(text('kindCloud')));
      expect(screen.getByLabelText(new RegExp(text('phoneNumberId')))).toBeInTheDocument();
      expect(screen.getByRole('button', { name: text('save') })).toBeInTheDocument();
    });

    it('words the templates list and its sync button', async () => {
      fakeCrmApi(me, { 'GET /api/whatsapp/cloud': () => ok(connection({ state: 'connected' })), 'GET /api/whatsapp/cloud/templates': () => ok({ items: [], total: 0 }) });
      renderApp('/settings/whatsapp');
      const region = await screen.findByRole('region', { name: text('templates.title') });
      expect(within(region).getByRole('button', { name: text('templates.sync') })).toBeInTheDocument();
      expect(await within(region).findByText(text('templates.empty'))).toBeInTheDocument();
    });

    it("shows a synced template's media header and its quick-reply buttons", async () => {
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
      fakeCrmApi(me, { 'GET /api/whatsapp/cloud': () => ok(connection({ state: 'connected' })), 'GET /api/whatsapp/cloud/templates': () => ok({ items: [template], total: 1 }) });
      renderApp('/settings/whatsapp');
      const region = await screen.findByRole('region', { name: text('templates.title') });
      expect(await within(region).findByText(text('templates.mediaHeader', { format: 'DOCUMENT' }))).toBeInTheDocument();
      const buttons = within(region).getByRole('list', { name: text('templates.buttons', { name: template.name }) });
      expect(
        within(buttons)
          .getAllByRole('listitem')
          .map((b) => b.textContent),
      ).toEqual(['تأكيد', 'إلغاء']);
    });
  });
});
