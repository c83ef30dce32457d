import type { Message, MessagePage, SendMessageRequest, WhatsAppTemplate } from '@crm/common';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { applyPreferences } from '../../i18n';
import { adminUser, fail, fakeApi, ok } from '../../test/fake-api';
import { ChatPanel } from './ChatPanel';
import { makeChat, makeMessage, messengerTestSetup, renderWithApp } from './testing';

const template = (name: string, language: string, body: string, bodyParamCount: number, more: Partial<WhatsAppTemplate> = {}): WhatsAppTemplate => ({
  _id: `${name}-${language}`,
  name,
  language,
  category: 'UTILITY',
  status: 'APPROVED',
  body,
  bodyParamCount,
  header: null,
  buttons: [],
  syncedAt: '2026-11-26T02:00:00.000Z',
  ...more,
});
const TEMPLATES = [
  template('order_update', 'en_US', 'Hello {{1}}, your order {{2}} is on its way.', 2),
  template('order_update', 'ar', 'مرحبًا {{1}}، طلبك {{2}} في الطريق.', 2),
  template('new_collection', 'en_US', 'Hi {{1}}, our new collection is here.', 1, {
    header: { format: 'IMAGE', text: null, paramCount: 1 },
    buttons: [
      { type: 'URL', text: 'Shop now', url: 'https://shop.example/c/{{1}}' },
      { type: 'QUICK_REPLY', text: 'Not now', url: null },
    ],
  }),
  template('order_shipped', 'ar', 'مرحبًا {{1}}، غادر طلبك المتجر اليوم.', 1, { header: { format: 'TEXT', text: 'الطلب {{1}} في الطريق', paramCount: 1 } }),
];

function setup(replyWindow: MessagePage['replyWindow'], templates = () => ok({ items: TEMPLATES, total: TEMPLATES.length })) {
  messengerTestSetup(adminUser);
  const chat = makeChat();
  const contactId = chat._id;
  const items = [makeMessage({ contactId, body: 'Is it still available?', createdAt: '2026-11-20T09:00:00.000Z' })];
  const api = fakeApi({
    [`GET /api/chats/${contactId}`]: () => ok(chat),
    [`POST /api/chats/${contactId}/read`]: () => ok(chat),
    'GET /api/messages': () => ok({ items, total: 1, hasMore: false, nextCursor: null, replyWindow } satisfies MessagePage),
    'GET /api/canned-responses': () => ok({ items: [], total: 0 }),
    'GET /api/follow-up-templates': () => ok({ items: [], total: 0 }),
    'GET /api/whatsapp/cloud/templates': () => templates(),
    'POST /api/messages': ({ body }) => {
      const sent = body as SendMessageRequest;
      return ok({
        ...makeMessage({ contactId, direction: 'out', status: 'sent', body: 'Hello Mona Hassan, your order A-1042 is on its way.' }),
        clientId: sent.clientId ?? null,
        template: { name: 'order_update', language: 'en_US' },
      } satisfies Message);
    },
  });
  const view = renderWithApp(<ChatPanel contactId={contactId} />, `/whatsapp?contactId=${contactId}`);
  return { ...view, api, contactId };
}

afterEach(() => act(() => applyPreferences({ language: 'en' })));

describe('composer once the 24-hour window closed', { timeout: 20_000 }, () => {
  it('says the window is closed and offers the approved templates instead of free text; the chosen one is sent with its parameters', async () => {
    const { user, api, contactId } = setup({ open: false, closesAt: '2026-11-21T09:00:00.000Z' });
    expect(await screen.findByText(/WhatsApp allows only an approved template until they write again/)).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Message' })).not.toBeInTheDocument();

    await user.click(await screen.findByLabelText('Template', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'order_update · en_US' }));
    // {{1}} is the contact's name, editable; {{2}} is for the user to fill
    expect(screen.getByRole('textbox', { name: "Parameter 1 (the contact's name)" })).toHaveValue('Mona Hassan');
    const send = screen.getByRole('button', { name: 'Send template' });
    expect(send).toBeDisabled();
    expect(screen.getByTestId('template-preview')).toHaveTextContent('Hello Mona Hassan, your order {{2}} is on its way.');
    await user.type(screen.getByRole('textbox', { name: 'Parameter 2' }), 'A-1042');
    expect(screen.getByTestId('template-preview')).toHaveTextContent('Hello Mona Hassan, your order A-1042 is on its way.');
    await user.click(send);

    const posts = () => api.calls.filter((c) => c.method === 'POST' && c.path === '/api/messages');
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0].body).toMatchObject({ contactId, type: 'template', template: { name: 'order_update', language: 'en_US', params: ['Mona Hassan', 'A-1042'] } });
    const bubble = (await screen.findAllByTestId('message')).at(-1)!;
    expect(bubble).toHaveTextContent('Hello Mona Hassan, your order A-1042 is on its way.');
    expect(within(bubble).getByText('Template')).toBeInTheDocument();
  });

  it('says the templates could not be loaded (not that there are none), and Retry offers them', async () => {
    let answer = () => fail(500, 'Templates are unavailable');
    const { user } = setup({ open: false, closesAt: '2026-11-21T09:00:00.000Z' }, () => answer());
    const picker = await screen.findByTestId('template-picker');
    expect(await within(picker).findByText('Templates are unavailable')).toBeInTheDocument();
    expect(within(picker).queryByText(/No approved templates yet/)).not.toBeInTheDocument();
    answer = () => ok({ items: TEMPLATES, total: TEMPLATES.length });
    await user.click(within(picker).getByRole('button', { name: 'Retry' }));
    await user.click(await screen.findByLabelText('Template', { selector: 'input' }));
    expect(await screen.findByRole('option', { name: 'order_update · en_US' })).toBeInTheDocument();
    expect(within(picker).queryByText('Templates are unavailable')).not.toBeInTheDocument();
  });

  it('while the window is open (or on a QR company) the message box stays and no template is offered', async () => {
    setup({ open: true, closesAt: new Date(Date.now() + 3_600_000).toISOString() });
    expect(await screen.findByRole('textbox', { name: 'Message' })).toBeInTheDocument();
    expect(screen.queryByTestId('template-picker')).not.toBeInTheDocument();
  });

  it('in Arabic: the closed window, the picker and its parameters are worded in Arabic', async () => {
    act(() => applyPreferences({ language: 'ar' }));
    const { user } = setup({ open: false, closesAt: null });
    expect(await screen.findByText(/لا يسمح واتساب إلا بقالب معتمد/)).toBeInTheDocument();
    await user.click(await screen.findByLabelText('القالب', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'order_update · ar' }));
    expect(screen.getByRole('textbox', { name: 'المتغير 1 (اسم جهة الاتصال)' })).toHaveValue('Mona Hassan');
    await user.type(screen.getByRole('textbox', { name: 'المتغير 2' }), 'A-7');
    expect(screen.getByTestId('template-preview')).toHaveTextContent('مرحبًا Mona Hassan، طلبك A-7 في الطريق.');
    expect(screen.getByRole('button', { name: 'إرسال القالب' })).toBeEnabled();
  });
});

describe('template with a header and buttons', { timeout: 20_000 }, () => {
  it('asks for the header image and the URL button’s suffix, shows the buttons in the preview, and sends them', async () => {
    const { user, api } = setup({ open: false, closesAt: null });
    await user.click(await screen.findByLabelText('Template', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'new_collection · en_US' }));
    const send = screen.getByRole('button', { name: 'Send template' });
    expect(send).toBeDisabled();
    const image = screen.getByRole('textbox', { name: 'Header image: link (https://…) or media id' });
    await user.type(image, 'not a link');
    expect(screen.getByText('Enter an https:// link or a media id (digits).')).toBeInTheDocument();
    await user.clear(image);
    await user.type(image, 'https://cdn.example/summer.jpg');
    expect(send).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: "End of the “Shop now” button's link" }), 'summer-26');
    const buttons = screen.getByRole('group', { name: 'Buttons' });
    expect(buttons).toHaveTextContent('Shop now · https://shop.example/c/summer-26');
    expect(buttons).toHaveTextContent('Not now');
    await user.click(send);
    await waitFor(() => expect(api.calls.filter((c) => c.method === 'POST' && c.path === '/api/messages')).toHaveLength(1));
    const post = api.calls.find((c) => c.method === 'POST' && c.path === '/api/messages')!;
    expect(post.body).toMatchObject({
      type: 'template',
      template: { name: 'new_collection', language: 'en_US', params: ['Mona Hassan'], header: { link: 'https://cdn.example/summer.jpg' }, buttons: ['summer-26', ''] },
    });
  });

  it('in Arabic: a text header is asked for and shown above the body in the preview', async () => {
    act(() => applyPreferences({ language: 'ar' }));
    const { user } = setup({ open: false, closesAt: null });
    await user.click(await screen.findByLabelText('القالب', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'order_shipped · ar' }));
    expect(screen.getByRole('button', { name: 'إرسال القالب' })).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'متغير العنوان' }), 'A-7');
    expect(screen.getByTestId('template-preview').textContent).toBe('الطلب A-7 في الطريق\n\nمرحبًا Mona Hassan، غادر طلبك المتجر اليوم.');
    expect(screen.getByRole('button', { name: 'إرسال القالب' })).toBeEnabled();
  });
});
