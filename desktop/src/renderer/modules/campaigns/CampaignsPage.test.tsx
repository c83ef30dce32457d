import { act, screen, waitFor, within } from '@testing-library/react';
import { LANGUAGES } from '@crm/common';
import { describe, expect, it } from 'vitest';
import { adminUser, fail, ok, salesUser } from '../../test/fake-api';
import { fakeCrmApi } from '../../test/fake-crm-api';
import { openedSockets } from '../../test/fake-socket';
import { renderApp } from '../../test/render-app';
import { catalogueText, inLanguage } from '../../test/catalogue';
import { approvedTemplateFixture, campaignFixture, recipientFixture } from './testing';

const eid = campaignFixture();
const paused = campaignFixture({ name: 'Winter sale', status: 'paused', pausedReason: 'failures' });

describe('Campaigns', { timeout: 20_000 }, () => {
  it('lists the campaigns with their live progress', async () => {
    fakeCrmApi(adminUser, { 'GET /api/campaigns': () => ok({ items: [eid, paused], total: 2 }) });
    renderApp('/campaigns');
    await screen.findByRole('heading', { name: 'Campaigns', level: 1 });
    const row = (await screen.findByRole('link', { name: 'Eid offer' })).closest('tr')!;
    expect(within(row).getByText('Sending')).toBeInTheDocument();
    expect(within(row).getByText('4 of 10 done')).toBeInTheDocument();
    act(() => openedSockets.at(-1)!.serverEmit('campaign:progress', { campaignId: eid._id, status: 'completed', pausedReason: null, counts: { ...eid.counts, pending: 0, sent: 7 } }));
    expect(await within(row).findByText('10 of 10 done')).toBeInTheDocument();
    expect(within(row).getByText('Completed')).toBeInTheDocument();
  });

  it('creates a campaign: the live audience count and sample, the message filled in for a real recipient, then starts it', async () => {
    const created = campaignFixture({ status: 'draft', counts: { total: 0, pending: 0, sent: 0, delivered: 0, read: 0, replied: 0, failed: 0, skipped: 0 } });
    const { to } = fakeCrmApi(adminUser, {
      'GET /api/campaigns': () => ok({ items: [], total: 0 }),
      'GET /api/labels': () => ok({ items: [{ _id: 'l1', name: 'VIP', colour: '#ff0000' }], total: 1 }),
      'POST /api/campaigns/audience': (r) => {
        const { message } = r.body as { message?: string };
        return ok({ count: 42, sample: [{ _id: 'c1', name: 'Salma', phone: '+201001234567', agent: 'Mona', optedOut: false }], preview: message ? message.replace('{name}', 'Salma') : null });
      },
      'POST /api/campaigns': () => ok(created),
      'POST /api/messages/upload': () => ok({ path: 'tenant/offer.jpg', fileName: 'offer.jpg', url: 'blob:x', mime: 'image/jpeg', size: 3 }),
      [`POST /api/campaigns/${created._id}/start`]: () => ok({ ...created, status: 'running' }),
      [`GET /api/campaigns/${created._id}`]: () => ok({ ...created, status: 'running' }),
      [`GET /api/campaigns/${created._id}/recipients`]: () => ok({ items: [], total: 0 }),
    });
    const { user } = renderApp('/campaigns');
    await user.click(await screen.findByRole('button', { name: 'New campaign' }));
    await user.type(await screen.findByRole('textbox', { name: 'Campaign name' }), 'Eid offer');
    expect(await screen.findByText('42 contacts match')).toBeInTheDocument();
    expect(screen.getByText('Salma')).toBeInTheDocument();
    const wizard = screen.getByRole('dialog');
    await user.click(within(wizard).getByRole('button', { name: 'Next' }));
    await user.type(within(wizard).getByRole('textbox', { name: 'Message' }), 'Hi {{name}, 20% off');
    expect(await screen.findByText('Hi Salma, 20% off')).toBeInTheDocument();
    await user.upload(wizard.querySelector<HTMLInputElement>('input[type="file"]')!, new File(['jpg'], 'offer.jpg', { type: 'image/jpeg' }));
    await waitFor(() => expect(to('POST', '/api/messages/upload')).toHaveLength(1));
    await user.click(within(wizard).getByRole('button', { name: 'Next' }));
    await user.click(within(wizard).getByRole('button', { name: 'Start campaign' }));
    expect(await screen.findByRole('heading', { name: 'Eid offer', level: 1 })).toBeInTheDocument();
    expect(to('POST', '/api/campaigns')[0].body).toMatchObject({ name: 'Eid offer', message: 'Hi {name}, 20% off', media: { path: 'tenant/offer.jpg', fileName: 'offer.jpg' }, scheduledAt: null });
    expect(to('POST', `/api/campaigns/${created._id}/start`)).toHaveLength(1);
  });

  it('on the official API, picks the approved WhatsApp template for contacts outside the 24-hour window, its first value {name}', async () => {
    const created = campaignFixture({ status: 'draft' });
    const { to } = fakeCrmApi(adminUser, {
      'GET /api/campaigns': () => ok({ items: [], total: 0 }),
      'GET /api/labels': () => ok({ items: [], total: 0 }),
      'GET /api/whatsapp/cloud/templates': () => ok({ items: [approvedTemplateFixture()], total: 1 }),
      'POST /api/campaigns/audience': () => ok({ count: 3, sample: [], preview: null }),
      'POST /api/campaigns': () => ok(created),
      [`GET /api/campaigns/${created._id}`]: () => ok(created),
      [`GET /api/campaigns/${created._id}/recipients`]: () => ok({ items: [recipientFixture({ name: 'Mona', status: 'skipped', reason: 'window_closed', sentAt: null })], total: 1 }),
    });
    const { user } = renderApp('/campaigns');
    await user.click(await screen.findByRole('button', { name: 'New campaign' }));
    await user.type(await screen.findByRole('textbox', { name: 'Campaign name' }), 'Win back');
    const wizard = screen.getByRole('dialog');
    await user.click(within(wizard).getByRole('button', { name: 'Next' }));
    await user.type(within(wizard).getByRole('textbox', { name: 'Message' }), 'Hi');
    await user.click(await within(wizard).findByLabelText('WhatsApp template outside the 24-hour window', { selector: 'input' }));
    await user.click(await within(wizard).findByRole('option', { name: 'order_update · en_US' }));
    expect(within(wizard).getByRole('textbox', { name: /Template value 1/ })).toHaveValue('{name}');
    await user.type(within(wizard).getByRole('textbox', { name: /Template value 2/ }), 'EID20');
    await user.click(within(wizard).getByRole('button', { name: 'Next' }));
    await user.click(within(wizard).getByRole('button', { name: 'Save as draft' }));
    await waitFor(() => expect(to('POST', '/api/campaigns')).toHaveLength(1));
    expect(to('POST', '/api/campaigns')[0].body).toMatchObject({ whatsappTemplate: { name: 'order_update', language: 'en_US', params: ['{name}', 'EID20'] } });
    // a recipient skipped for it says why
    const mona = (await screen.findByRole('link', { name: 'Mona' })).closest('tr')!;
    expect(within(mona).getByText('24-hour window closed, no WhatsApp template')).toBeInTheDocument();
  });

  it("asks for the chosen template's header media and its link button's end, and saves them with it", async () => {
    const created = campaignFixture({ status: 'draft' });
    const withParts = approvedTemplateFixture({
      name: 'new_season',
      body: 'Hi {{1}}, the new season is in.',
      bodyParamCount: 1,
      header: { format: 'IMAGE', text: null, paramCount: 1 },
      buttons: [{ type: 'URL', text: 'Shop', url: 'https://shop.example/s/{{1}}' }],
    });
    const { to } = fakeCrmApi(adminUser, {
      'GET /api/campaigns': () => ok({ items: [], total: 0 }),
      'GET /api/labels': () => ok({ items: [], total: 0 }),
      'GET /api/whatsapp/cloud/templates': () => ok({ items: [withParts], total: 1 }),
      'POST /api/campaigns/audience': () => ok({ count: 3, sample: [], preview: null }),
      'POST /api/campaigns': () => ok(created),
      [`GET /api/campaigns/${created._id}`]: () => ok(created),
      [`GET /api/campaigns/${created._id}/recipients`]: () => ok({ items: [], total: 0 }),
    });
    const { user } = renderApp('/campaigns');
    await user.click(await screen.findByRole('button', { name: 'New campaign' }));
    await user.type(await screen.findByRole('textbox', { name: 'Campaign name' }), 'New season');
    const wizard = screen.getByRole('dialog');
    await user.click(within(wizard).getByRole('button', { name: 'Next' }));
    await user.type(within(wizard).getByRole('textbox', { name: 'Message' }), 'Hi');
    await user.click(await within(wizard).findByLabelText('WhatsApp template outside the 24-hour window', { selector: 'input' }));
    await user.click(await within(wizard).findByRole('option', { name: 'new_season · en_US' }));
    const image = within(wizard).getByRole('textbox', { name: 'Header image: link (https://…) or media id' });
    await user.click(image);
    await user.paste('http://shop.example/a.jpg');
    expect(within(wizard).getByText('Enter an https:// link or a media id (digits).')).toBeInTheDocument();
    await user.clear(image);
    await user.paste('https://shop.example/season.jpg');
    await user.click(within(wizard).getByRole('textbox', { name: /End of the “Shop” button's link/ }));
    await user.paste('spring');
    await user.click(within(wizard).getByRole('button', { name: 'Next' }));
    await user.click(within(wizard).getByRole('button', { name: 'Save as draft' }));
    await waitFor(() => expect(to('POST', '/api/campaigns')).toHaveLength(1));
    expect(to('POST', '/api/campaigns')[0].body).toMatchObject({
      whatsappTemplate: { name: 'new_season', language: 'en_US', params: ['{name}'], header: { link: 'https://shop.example/season.jpg' }, buttons: ['spring'] },
    });
  });

  it('has no template field for a company linked by QR', async () => {
    fakeCrmApi(adminUser, {
      'GET /api/campaigns': () => ok({ items: [], total: 0 }),
      'GET /api/labels': () => ok({ items: [], total: 0 }),
      'GET /api/whatsapp/cloud/templates': () => fail(409, 'Templates are for the official API.'),
      'POST /api/campaigns/audience': () => ok({ count: 3, sample: [], preview: null }),
    });
    const { user } = renderApp('/campaigns');
    await user.click(await screen.findByRole('button', { name: 'New campaign' }));
    const wizard = await screen.findByRole('dialog');
    await user.click(within(wizard).getByRole('button', { name: 'Next' }));
    await within(wizard).findByRole('textbox', { name: 'Message' });
    expect(within(wizard).queryByLabelText(/WhatsApp template/)).not.toBeInTheDocument();
  });

  it('shows why a campaign paused itself, its recipients, and resumes it', async () => {
    const { to } = fakeCrmApi(adminUser, {
      [`GET /api/campaigns/${paused._id}`]: () => ok(paused),
      [`GET /api/campaigns/${paused._id}/recipients`]: () => ok({ items: [recipientFixture(), recipientFixture({ name: 'Karim', status: 'skipped', reason: 'opted_out', sentAt: null })], total: 2 }),
      [`POST /api/campaigns/${paused._id}/resume`]: () => ok({ ...paused, status: 'running', pausedReason: null }),
    });
    const { user } = renderApp(`/campaigns/${paused._id}`);
    expect(await screen.findByText(/Paused by itself: too many of the last messages failed/)).toBeInTheDocument();
    const karim = (await screen.findByRole('link', { name: 'Karim' })).closest('tr')!;
    expect(within(karim).getByText('Opted out')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Resume' }));
    expect(await screen.findByRole('button', { name: 'Pause' })).toBeInTheDocument();
    expect(to('POST', `/api/campaigns/${paused._id}/resume`)).toHaveLength(1);
  });

  it('Retry after a campaign fails to load asks again and shows it', async () => {
    let answers = 0;
    const { to } = fakeCrmApi(adminUser, {
      [`GET /api/campaigns/${paused._id}`]: () => (++answers === 1 ? new Response('x', { status: 502 }) : ok(paused)),
      [`GET /api/campaigns/${paused._id}/recipients`]: () => ok({ items: [], total: 0 }),
    });
    const { user } = renderApp(`/campaigns/${paused._id}`);
    expect(await screen.findByText('Could not load the campaigns.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Winter sale', level: 1 })).toBeInTheDocument();
    expect(to('GET', `/api/campaigns/${paused._id}`)).toHaveLength(2);
  });

  it('is not in a sales user’s sidebar', async () => {
    fakeCrmApi(salesUser, {});
    renderApp('/');
    await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(screen.queryByRole('link', { name: 'Campaigns' })).not.toBeInTheDocument();
  });

  // One run per language (the Arabic copy only repeated these): texts from each catalogue.
  describe.each(LANGUAGES)('in %s', (language) => {
    const text = (key: string, values?: Record<string, string | number>) => catalogueText(language, key.includes(':') ? key : `campaigns:${key}`, values);
    const me = inLanguage(adminUser, language);

    it('shows the list, the pause reason and the recipients in the language and its direction', async () => {
      const eidOffer = campaignFixture({ name: 'عرض العيد', status: 'paused', pausedReason: 'whatsapp_disconnected' });
      fakeCrmApi(me, {
        'GET /api/campaigns': () => ok({ items: [eidOffer], total: 1 }),
        [`GET /api/campaigns/${eidOffer._id}`]: () => ok(eidOffer),
        [`GET /api/campaigns/${eidOffer._id}/recipients`]: () => ok({ items: [recipientFixture({ name: 'سلمى', status: 'skipped', reason: 'duplicate_number', sentAt: null })], total: 1 }),
      });
      const { user } = renderApp('/campaigns');
      await screen.findByRole('heading', { name: text('title'), level: 1 });
      expect(document.documentElement).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
      const row = (await screen.findByRole('link', { name: eidOffer.name })).closest('tr')!;
      expect(within(row).getByText(text('status.paused'))).toBeInTheDocument();
      await user.click(within(row).getByRole('link', { name: eidOffer.name }));
      expect(await screen.findByText(text('pausedReason.whatsapp_disconnected'))).toBeInTheDocument();
      const salma = (await screen.findByRole('link', { name: 'سلمى' })).closest('tr')!;
      expect(within(salma).getByText(text('reason.duplicate_number'))).toBeInTheDocument();
      expect(screen.getByRole('button', { name: text('detail.resume') })).toBeInTheDocument();
    });

    it('offers the WhatsApp template for contacts outside the 24-hour window, and words the skip reason', async () => {
      const created = campaignFixture({ name: 'استرجاع العملاء', status: 'draft' });
      const { to } = fakeCrmApi(me, {
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
      await user.click(await screen.findByRole('button', { name: text('new') }));
      await user.type(await screen.findByRole('textbox', { name: text('wizard.name') }), created.name);
      const wizard = screen.getByRole('dialog');
      await user.click(within(wizard).getByRole('button', { name: text('wizard.next') }));
      await user.click(await within(wizard).findByLabelText(text('wizard.whatsappTemplate'), { selector: 'input' }));
      await user.click(await within(wizard).findByRole('option', { name: 'order_update · ar' }));
      expect(within(wizard).getByRole('textbox', { name: new RegExp(text('wizard.templateParam', { n: 1 })) })).toHaveValue('{name}');
      await user.click(within(wizard).getByRole('textbox', { name: text('common:templateFields.headerText') }));
      await user.paste('العيد');
      await user.click(within(wizard).getByRole('button', { name: text('wizard.next') }));
      await user.click(within(wizard).getByRole('button', { name: text('wizard.saveDraft') }));
      const mona = (await screen.findByRole('link', { name: 'منى' })).closest('tr')!;
      expect(within(mona).getByText(text('reason.window_closed'))).toBeInTheDocument();
      expect(to('POST', '/api/campaigns')[0].body).toMatchObject({ whatsappTemplate: { name: 'order_update', language: 'ar', params: ['{name}'], header: { text: 'العيد' } } });
    });

    it('saves the sending settings', async () => {
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
      const { to } = fakeCrmApi(me, { 'GET /api/settings/sending': () => ok(settings), 'PUT /api/settings/sending': (r) => ok({ ...(r.body as object), today: settings.today }) });
      const { user } = renderApp('/settings/sending');
      await screen.findByRole('heading', { name: text('settings.title'), level: 1 });
      expect(await screen.findByText(text('settings.today', { sent: 12, limit: 80 }))).toBeInTheDocument();
      const cap = screen.getByRole('textbox', { name: new RegExp(text('settings.dailyCap')) });
      await user.clear(cap);
      await user.type(cap, '300');
      await user.click(screen.getByRole('button', { name: text('settings.save') }));
      expect(await screen.findByText(text('settings.saved'))).toBeInTheDocument();
      expect(to('PUT', '/api/settings/sending')[0].body).toMatchObject({ dailyCap: 300, optOutKeywords: ['STOP', 'الغاء'], restartWarmUp: false });
    });
  });
});
