import type { Message, MessagePage, SendMessageRequest } from '@crm/common';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { adminUser, fail, fakeApi, ok } from '../../test/fake-api';
import { ChatPanel } from './ChatPanel';
import { CANNED_PICKER_MAX_HEIGHT } from './components/CannedResponsePicker';
import { deleteOptions } from './components/MessageBubble';
import { MESSAGE_ROW_ESTIMATE } from './components/MessageList';
import { deferred, makeChat, makeMessage, messengerTestSetup, renderWithApp, testId } from './testing';
import type { RecorderDeps } from './use-voice-recorder';

beforeAll(() => {
  // jsdom has no object URLs (file and voice previews).
  URL.createObjectURL ??= () => 'blob:preview';
  URL.revokeObjectURL ??= () => {};
});

const page = (items: Message[], extra: Partial<MessagePage> = {}): MessagePage => ({ items, total: items.length, hasMore: false, nextCursor: null, ...extra });

type Handlers = Parameters<typeof fakeApi>[0];

function setup(options: { messages?: Message[]; unread?: number; handlers?: Handlers; recorderDeps?: RecorderDeps } = {}) {
  const socket = messengerTestSetup(adminUser);
  const chat = makeChat({ unreadCount: options.unread ?? 0 });
  const contactId = chat._id;
  const messages = (options.messages ?? []).map((m) => ({ ...m, contactId }));
  const api = fakeApi({
    [`GET /api/chats/${contactId}`]: () => ok(chat),
    [`POST /api/chats/${contactId}/read`]: () => ok({ ...chat, unreadCount: 0 }),
    'GET /api/messages': () => ok(page(messages)),
    'GET /api/canned-responses': () => ok({ items: [], total: 0 }),
    'GET /api/follow-up-templates': () => ok({ items: [], total: 0 }),
    ...options.handlers,
  });
  const view = renderWithApp(<ChatPanel contactId={contactId} recorderDeps={options.recorderDeps} />, `/whatsapp?contactId=${contactId}`);
  return { ...view, socket, chat, contactId, api, messages };
}

const messageBox = () => screen.getByRole('textbox', { name: 'Message' });
const sendButton = () => screen.getByRole('button', { name: 'Send' });
const bubbles = () => screen.getAllByTestId('message');

describe('chat panel', { timeout: 20_000 }, () => {
  it("shows the header with 'View Full Profile', the follow-up control, and the messages newest last", async () => {
    const { contactId, router, user } = setup({
      messages: [makeMessage({ body: 'First', createdAt: '2026-11-22T09:00:00.000Z' }), makeMessage({ body: 'Second', createdAt: '2026-11-22T09:01:00.000Z' })],
    });
    expect(await screen.findByRole('heading', { name: 'Mona Hassan', level: 2 })).toBeInTheDocument();
    expect(screen.getByText('+201001112233')).toBeInTheDocument();
    await waitFor(() => expect(bubbles().map((b) => b.textContent)).toEqual([expect.stringContaining('First'), expect.stringContaining('Second')]));
    expect(screen.getByRole('button', { name: 'Start follow-up' })).toBeInTheDocument();

    const profile = screen.getByRole('link', { name: 'View Full Profile' });
    expect(profile).toHaveAttribute('href', `/contacts/${contactId}`);
    await user.click(profile);
    expect(router.state.location.pathname).toBe(`/contacts/${contactId}`);
  });

  it("shows delivery marks, the hourglass while pending, 'This message was deleted', contact-deleted messages and 'Media not available'", async () => {
    setup({
      messages: [
        makeMessage({ direction: 'out', status: 'sent', ack: 1, body: 'one tick' }),
        makeMessage({ direction: 'out', status: 'sent', ack: 2, body: 'two ticks' }),
        makeMessage({ direction: 'out', status: 'sent', ack: 3, body: 'read ticks' }),
        makeMessage({ direction: 'out', status: 'pending', ack: 0, body: 'on its way' }),
        makeMessage({ direction: 'out', status: 'sent', ack: 3, body: 'secret', deleted: true }),
        makeMessage({ direction: 'in', body: 'I take it back', deleted: true, deletedByContact: true }),
        makeMessage({ direction: 'in', type: 'image', body: '', meta: { mediaType: 'image/jpeg', mediaUrl: null, fileName: 'dress.jpg', path: 'x/y.jpg', size: 10 } }),
      ],
    });
    await waitFor(() => expect(bubbles()).toHaveLength(7));
    const [one, two, three, pending, deleted, byContact, media] = bubbles() as [HTMLElement, ...HTMLElement[]];
    expect(within(one).getByRole('img', { name: 'Sent' })).toBeInTheDocument();
    expect(within(two!).getByRole('img', { name: 'Delivered' })).toBeInTheDocument();
    expect(within(three!).getByRole('img', { name: 'Read' })).toBeInTheDocument();
    expect(within(pending!).getByRole('img', { name: 'Sending' })).toBeInTheDocument();
    expect(within(deleted!).getByText('This message was deleted')).toBeInTheDocument();
    expect(within(deleted!).queryByText('secret')).not.toBeInTheDocument();
    // What the contact deleted stays readable for staff, marked.
    expect(within(byContact!).getByText('I take it back')).toBeInTheDocument();
    expect(within(byContact!).getByText('deleted by the contact')).toBeInTheDocument();
    expect(within(byContact!).queryByText('This message was deleted')).not.toBeInTheDocument();
    expect(within(media!).getByText('Media not available')).toBeInTheDocument();
    // Incoming messages carry no delivery marks.
    expect(within(byContact!).queryByRole('img')).not.toBeInTheDocument();
  });

  it('disables Send when the text is empty or only spaces; Enter sends, Shift+Enter adds a line', async () => {
    const sent: SendMessageRequest[] = [];
    const { user, contactId } = setup({
      handlers: {
        'POST /api/messages': ({ body }) => {
          const request = body as SendMessageRequest;
          sent.push(request);
          return ok(makeMessage({ contactId, direction: 'out', status: 'sent', ack: 0, body: request.body, clientId: request.clientId ?? null }));
        },
      },
    });
    await screen.findByText('No messages yet. Say hello!');
    expect(sendButton()).toBeDisabled();
    await user.type(messageBox(), '   ');
    expect(sendButton()).toBeDisabled();
    await user.clear(messageBox());

    await user.type(messageBox(), 'Line one{Shift>}{Enter}{/Shift}line two');
    expect(messageBox()).toHaveValue('Line one\nline two');
    expect(sent).toHaveLength(0);
    expect(sendButton()).toBeEnabled();

    await user.type(messageBox(), '{Enter}');
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ contactId, body: 'Line one\nline two' });
    expect(sent[0]!.clientId).toEqual(expect.any(String));
    expect(messageBox()).toHaveValue('');
    expect(await screen.findByText(/Line one/)).toBeInTheDocument();
  });

  it('shows a pending copy at once, keeps Send disabled while sending, and replaces the copy with the server one (msg:new), then its acks (msg:update)', async () => {
    const answer = deferred<Response>();
    let request: SendMessageRequest | undefined;
    const { user, socket, contactId } = setup({
      handlers: {
        'POST /api/messages': ({ body }) => {
          request = body as SendMessageRequest;
          return answer.promise;
        },
      },
    });
    await screen.findByText('No messages yet. Say hello!');
    await user.type(messageBox(), 'Is it in stock?{Enter}');

    // The pending copy: an hourglass, and no second send while the first is in flight.
    const pending = await screen.findByTestId('message');
    expect(within(pending).getByText('Is it in stock?')).toBeInTheDocument();
    expect(within(pending).getByRole('img', { name: 'Sending' })).toBeInTheDocument();
    await user.type(messageBox(), 'again');
    expect(sendButton()).toBeDisabled();
    await user.clear(messageBox());

    // The stored copy arrives over the socket: it takes the pending copy's place (one bubble).
    const stored = makeMessage({ contactId, direction: 'out', status: 'pending', body: 'Is it in stock?', clientId: request!.clientId ?? null });
    act(() => socket.serverEmit('msg:new', { ...stored, chat: null }));
    await waitFor(() => expect(bubbles()[0]).toHaveAttribute('data-message-id', stored._id));
    expect(bubbles()).toHaveLength(1);

    await act(async () => answer.resolve(ok({ ...stored, status: 'sent', ack: 1 })));
    expect(await within(bubbles()[0]!).findByRole('img', { name: 'Sent' })).toBeInTheDocument();
    act(() => socket.serverEmit('msg:update', { ...stored, status: 'sent', ack: 2 }));
    expect(await within(bubbles()[0]!).findByRole('img', { name: 'Delivered' })).toBeInTheDocument();
    act(() => socket.serverEmit('msg:update', { ...stored, status: 'sent', ack: 3 }));
    expect(await within(bubbles()[0]!).findByRole('img', { name: 'Read' })).toBeInTheDocument();
    // A late copy never undoes progress.
    act(() => socket.serverEmit('msg:new', { ...stored, status: 'pending', ack: 0, chat: null }));
    expect(within(bubbles()[0]!).getByRole('img', { name: 'Read' })).toBeInTheDocument();
    expect(bubbles()).toHaveLength(1);
    await waitFor(() => expect(sendButton()).toBeDisabled());
  });

  it("shows a failed send with its reason and Retry, and alerts 'Failed to send message: {server error}'", async () => {
    let attempts = 0;
    const { user, contactId } = setup({
      handlers: {
        'POST /api/messages': ({ body }) => {
          attempts += 1;
          const request = body as SendMessageRequest;
          return ok(
            makeMessage({
              _id: 'a0000000-0000-7000-8000-000000000001',
              contactId,
              direction: 'out',
              status: 'failed',
              error: 'WhatsApp is not connected.',
              retryable: true,
              body: request.body,
              clientId: request.clientId ?? null,
            }),
          );
        },
        'POST /api/messages/a0000000-0000-7000-8000-000000000001/retry': () =>
          ok(makeMessage({ _id: 'a0000000-0000-7000-8000-000000000001', contactId, direction: 'out', status: 'sent', ack: 1, body: 'Hello?' })),
      },
    });
    await screen.findByText('No messages yet. Say hello!');
    await user.type(messageBox(), 'Hello?{Enter}');
    expect(await screen.findByText('Failed to send message: WhatsApp is not connected.')).toBeInTheDocument();
    const bubble = bubbles()[0]!;
    expect(within(bubble).getByText('Not sent: WhatsApp is not connected.')).toBeInTheDocument();
    expect(within(bubble).getByRole('img', { name: 'Not sent' })).toBeInTheDocument();

    await user.click(within(bubble).getByRole('button', { name: 'Retry' }));
    expect(await within(bubbles()[0]!).findByRole('img', { name: 'Sent' })).toBeInTheDocument();
    expect(within(bubbles()[0]!).queryByText(/Not sent:/)).not.toBeInTheDocument();
    expect(attempts).toBe(1);
  });

  it("shows a message whose delivery is unknown with a '?' mark, and its Retry asks before sending it again with confirmDuplicate", async () => {
    const id = 'a0000000-0000-7000-8000-000000000002';
    const unknown = makeMessage({
      _id: id,
      direction: 'out',
      status: 'unknown',
      retryable: true,
      error: 'Not sure this was delivered: the app stopped while sending it.',
      body: 'Your order ships today',
    });
    const retries: unknown[] = [];
    const { user, contactId } = setup({
      messages: [unknown],
      handlers: {
        [`POST /api/messages/${id}/retry`]: ({ body }) => {
          retries.push(body);
          return ok({ ...unknown, contactId, status: 'sent', ack: 1, error: null, retryable: false });
        },
      },
    });
    const bubble = await screen.findByText('Your order ships today').then(() => bubbles()[0]!);
    const mark = within(bubble).getByRole('img', { name: 'Not sure this was delivered' });
    expect(mark).toHaveAttribute('title', 'Not sure this was delivered');
    expect(within(bubble).getByText('Not sure this was delivered: the app stopped while sending it.')).toBeInTheDocument();

    // cancelling sends nothing
    await user.click(within(bubble).getByRole('button', { name: 'Retry' }));
    let dialog = await screen.findByRole('dialog', { name: 'Send this message again?' });
    expect(within(dialog).getByText(/may deliver it twice/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(retries).toEqual([]);

    // confirming retries with the flag the server requires
    await user.click(within(bubbles()[0]!).getByRole('button', { name: 'Retry' }));
    dialog = await screen.findByRole('dialog', { name: 'Send this message again?' });
    await user.click(within(dialog).getByRole('button', { name: 'Send again' }));
    expect(await within(bubbles()[0]!).findByRole('img', { name: 'Sent' })).toBeInTheDocument();
    expect(retries).toEqual([{ confirmDuplicate: true }]);
    expect(within(bubbles()[0]!).queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it("alerts 'Failed to send message: …' when the server refuses the request, and keeps the copy to retry", async () => {
    const { user } = setup({ handlers: { 'POST /api/messages': () => fail(404, 'Contact not found.') } });
    await screen.findByText('No messages yet. Say hello!');
    await user.type(messageBox(), 'Anyone?{Enter}');
    expect(await screen.findByText('Failed to send message: Contact not found.')).toBeInTheDocument();
    expect(within(bubbles()[0]!).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('offers delete for me on every message and delete for everyone only on outgoing ones, asking first', async () => {
    const incoming = makeMessage({ direction: 'in', body: 'From the contact', createdAt: new Date(Date.now() - 120_000).toISOString() });
    const outgoing = makeMessage({ direction: 'out', status: 'sent', ack: 3, body: 'From us', createdAt: new Date(Date.now() - 60_000).toISOString() });
    const calls: { id: string; forEveryone: boolean }[] = [];
    const { user, contactId } = setup({
      messages: [incoming, outgoing],
      handlers: {
        [`PATCH /api/messages/${incoming._id}/delete`]: ({ body }) => {
          calls.push({ id: incoming._id, ...(body as { forEveryone: boolean }) });
          return ok({ ...incoming, contactId, hidden: true });
        },
        [`PATCH /api/messages/${outgoing._id}/delete`]: ({ body }) => {
          calls.push({ id: outgoing._id, ...(body as { forEveryone: boolean }) });
          return ok({ ...outgoing, contactId, deleted: true });
        },
      },
    });
    await waitFor(() => expect(bubbles()).toHaveLength(2));

    await user.click(within(bubbles()[0]!).getByRole('button', { name: 'Message actions' }));
    expect(await screen.findByRole('menuitem', { name: 'Delete for me' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Delete for everyone' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');

    await user.click(within(bubbles()[1]!).getByRole('button', { name: 'Message actions' }));
    expect(await screen.findByRole('menuitem', { name: 'Delete for me' })).toBeInTheDocument();
    await user.click(screen.getByRole('menuitem', { name: 'Delete for everyone' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete for everyone' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete for everyone' }));
    expect(await within(bubbles()[1]!).findByText('This message was deleted')).toBeInTheDocument();
    expect(calls).toEqual([{ id: outgoing._id, forEveryone: true }]);

    await user.click(within(bubbles()[0]!).getByRole('button', { name: 'Message actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete for me' }));
    await waitFor(() => expect(bubbles()).toHaveLength(1));
    expect(calls.at(-1)).toEqual({ id: incoming._id, forEveryone: false });
  });

  it('does not offer delete for everyone once WhatsApp no longer allows it (60 h), nor on unsent messages', () => {
    const now = Date.parse('2026-11-22T12:00:00.000Z');
    const sent = makeMessage({ direction: 'out', status: 'sent', ack: 2 });
    expect(deleteOptions({ ...sent, createdAt: '2026-11-22T11:00:00.000Z' }, now)).toEqual({ forMe: true, forEveryone: true });
    expect(deleteOptions({ ...sent, createdAt: '2026-11-19T11:00:00.000Z' }, now)).toEqual({ forMe: true, forEveryone: false });
    expect(deleteOptions({ ...sent, status: 'failed', createdAt: '2026-11-22T11:00:00.000Z' }, now)).toEqual({ forMe: true, forEveryone: false });
    expect(deleteOptions({ ...sent, status: 'pending', createdAt: '2026-11-22T11:00:00.000Z' }, now)).toEqual({ forMe: false, forEveryone: false });
    expect(deleteOptions({ ...sent, direction: 'in', status: 'received', createdAt: '2026-11-22T11:00:00.000Z' }, now)).toEqual({ forMe: true, forEveryone: false });
  });

  it('refreshes an expired media link through media-url', async () => {
    const expired = `/api/files/abc?exp=${Math.floor(Date.now() / 1000) - 60}&sig=x`;
    const fresh = `/api/files/abc?exp=${Math.floor(Date.now() / 1000) + 900}&sig=y`;
    const image = makeMessage({ type: 'image', body: 'Look', meta: { mediaType: 'image/jpeg', mediaUrl: expired, fileName: 'dress.jpg', path: 'k', size: 100 } });
    setup({ messages: [image], handlers: { [`GET /api/messages/${image._id}/media-url`]: () => ok({ url: fresh, expiresAt: null }) } });
    const img = await screen.findByRole('img', { name: 'dress.jpg' });
    expect(img).toHaveAttribute('src', fresh);
  });

  it('clears the unread count when the conversation opens (POST /chats/{id}/read)', async () => {
    const { api, contactId } = setup({ unread: 3 });
    await waitFor(() => expect(api.calls.some((c) => c.method === 'POST' && c.path === `/api/chats/${contactId}/read`)).toBe(true));
  });

  it('loads older messages above the ones shown', async () => {
    const older = makeMessage({ body: 'Older one', createdAt: '2026-11-21T08:00:00.000Z' });
    const newer = makeMessage({ body: 'Newer one', createdAt: '2026-11-22T08:00:00.000Z' });
    let pages = 0;
    const { user } = setup({
      handlers: {
        'GET /api/messages': () => ok(pages++ === 0 ? page([newer], { hasMore: true, nextCursor: 'cursor-1', total: 2 }) : page([older], { total: 2 })),
      },
    });
    await screen.findByText('Newer one');
    await user.click(screen.getByRole('button', { name: 'Load older messages' }));
    await screen.findByText('Older one');
    expect(bubbles().map((b) => b.textContent)).toEqual([expect.stringContaining('Older one'), expect.stringContaining('Newer one')]);
    expect(screen.queryByRole('button', { name: 'Load older messages' })).not.toBeInTheDocument();
  });

  it("shows the author's name on an outgoing message another user sent, not on the reader's own nor on automated ones", async () => {
    setup({
      messages: [
        makeMessage({ direction: 'out', status: 'sent', ack: 3, body: 'From a colleague', sentBy: '0190a0b0-0000-7000-8000-0000000000aa', sentByName: 'Samir Sales' }),
        makeMessage({ direction: 'out', status: 'sent', ack: 3, body: 'From me', sentBy: adminUser._id, sentByName: adminUser.name }),
        makeMessage({ direction: 'out', status: 'sent', ack: 3, body: 'From the follow-up', automated: true }),
        makeMessage({ direction: 'in', body: 'From the contact' }),
      ],
    });
    await waitFor(() => expect(bubbles()).toHaveLength(4));
    const [colleague, mine, automated, incoming] = bubbles() as [HTMLElement, HTMLElement, HTMLElement, HTMLElement];
    expect(within(colleague).getByTestId('message-author')).toHaveTextContent('Samir Sales');
    expect(within(colleague).getByLabelText('Sent by Samir Sales')).toBeInTheDocument();
    for (const bubble of [mine, automated, incoming]) expect(within(bubble).queryByTestId('message-author')).not.toBeInTheDocument();
    expect(screen.queryByText(adminUser.name)).not.toBeInTheDocument();
  });

  it('renders only a window of a long conversation, newest at the bottom, and loads older pages on scroll up without jumping', async () => {
    const base = Date.parse('2026-11-22T08:00:00.000Z');
    const at = (minute: number) => new Date(base + minute * 60_000).toISOString();
    const newer = Array.from({ length: 50 }, (_, i) => makeMessage({ body: `Newer ${i}`, createdAt: at(100 + i) }));
    const older = Array.from({ length: 50 }, (_, i) => makeMessage({ body: `Older ${i}`, createdAt: at(i) }));
    let loads = 0;
    const { api } = setup({
      handlers: {
        'GET /api/messages': () => ok(loads++ === 0 ? page(newer, { hasMore: true, nextCursor: 'cursor-1', total: 100 }) : page(older, { total: 100 })),
      },
    });
    // opened at the bottom: the newest message is shown, the first of the page is not rendered
    expect(await screen.findByText('Newer 49', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByText('Newer 0')).not.toBeInTheDocument();
    expect(bubbles().length).toBeLessThan(30);
    expect(bubbles().every((b) => b.closest('[data-index]'))).toBe(true);

    // the reader scrolls up to the top: the older page comes, and the same messages stay in view
    const list = screen.getByTestId('message-list');
    act(() => {
      list.scrollTop = 0;
      fireEvent.scroll(list);
    });
    await waitFor(() => expect(loads).toBe(2), { timeout: 5000 });
    expect(api.calls.filter((c) => c.path === '/api/messages')).toHaveLength(2);
    await waitFor(() => expect(list.scrollTop).toBe(50 * MESSAGE_ROW_ESTIMATE), { timeout: 5000 });
    await waitFor(() => expect(screen.getByText('Newer 0')).toBeInTheDocument(), { timeout: 5000 });
    expect(screen.queryByText('Older 0')).not.toBeInTheDocument();
    expect(bubbles().length).toBeLessThan(30);

    // scrolling further up shows the older messages
    act(() => {
      list.scrollTop = 0;
      fireEvent.scroll(list);
    });
    expect(await screen.findByText('Older 0', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(loads).toBe(2);
  });

  it('scrolls to a new message when the reader is at the bottom, and leaves a reader who scrolled up in place', async () => {
    const base = Date.parse('2026-11-22T08:00:00.000Z');
    const messages = Array.from({ length: 60 }, (_, i) => makeMessage({ body: `Line ${i}`, createdAt: new Date(base + i * 60_000).toISOString() }));
    const { socket, contactId } = setup({ messages });
    expect(await screen.findByText('Line 59', {}, { timeout: 5000 })).toBeInTheDocument();
    act(() => socket.serverEmit('msg:new', { ...makeMessage({ contactId, body: 'Just arrived', createdAt: new Date(base + 61 * 60_000).toISOString() }), chat: null }));
    expect(await screen.findByText('Just arrived', {}, { timeout: 5000 })).toBeInTheDocument();

    const list = screen.getByTestId('message-list');
    act(() => {
      list.scrollTop = 600;
      fireEvent.scroll(list);
    });
    act(() => socket.serverEmit('msg:new', { ...makeMessage({ contactId, body: 'While reading', createdAt: new Date(base + 62 * 60_000).toISOString() }), chat: null }));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(list.scrollTop).toBe(600);
  });

  it('inserts a canned response from a picker of limited height', async () => {
    const { user } = setup({
      handlers: {
        'GET /api/canned-responses': () =>
          ok({ items: [{ _id: testId(), title: 'Shipping', text: 'Shipping takes 2-3 days.', createdBy: null, canEdit: true, createdAt: '', updatedAt: '' }], total: 1 }),
      },
    });
    await screen.findByText('No messages yet. Say hello!');
    await user.type(messageBox(), 'Hi! ');
    await user.click(screen.getByRole('button', { name: 'Canned responses' }));
    const option = await screen.findByRole('button', { name: /Shipping takes 2-3 days/ });
    const list = screen.getByTestId('canned-list');
    expect(list.style.maxHeight).toBe(`calc(${CANNED_PICKER_MAX_HEIGHT / 16}rem * var(--mantine-scale))`);
    await user.click(option);
    await waitFor(() => expect(messageBox()).toHaveValue('Hi! Shipping takes 2-3 days.'));
  });

  it("says 'Could not access microphone.' when the microphone is refused", async () => {
    const { user } = setup({
      recorderDeps: { requestAccess: async () => false, getUserMedia: vi.fn(), createRecorder: vi.fn(), isTypeSupported: () => true },
    });
    await screen.findByText('No messages yet. Say hello!');
    await user.click(screen.getByRole('button', { name: 'Record voice note' }));
    expect(await screen.findByText('Could not access microphone.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Record voice note' })).toBeInTheDocument();
  });

  it('records a voice note with an mm:ss timer, previews it, and sends it as webm voice', async () => {
    let now = 1_000_000;
    vi.spyOn(Date, 'now').mockImplementation(() => now);
    const recorder = new FakeRecorder();
    const stopTrack = vi.fn();
    const uploads: File[] = [];
    const sent: SendMessageRequest[] = [];
    const { user, contactId } = setup({
      recorderDeps: {
        requestAccess: async () => true,
        getUserMedia: async () => ({ getTracks: () => [{ stop: stopTrack }] }) as unknown as MediaStream,
        createRecorder: (_stream, mimeType) => {
          recorder.mimeType = mimeType;
          return recorder as unknown as MediaRecorder;
        },
        isTypeSupported: (type) => type === 'audio/webm;codecs=opus',
      },
      handlers: {
        'POST /api/messages/upload': ({ body }) => {
          uploads.push((body as FormData).get('file') as File);
          return ok({ path: 't/uploads/v.webm', fileName: 'voice.webm', url: '/api/files/v?exp=9999999999&sig=s', mediaType: 'audio/webm', type: 'voice', size: 3 });
        },
        'POST /api/messages': ({ body }) => {
          const request = body as SendMessageRequest;
          sent.push(request);
          return ok(makeMessage({ contactId, direction: 'out', type: 'voice', status: 'sent', ack: 1, body: '', clientId: request.clientId ?? null }));
        },
      },
    });
    await screen.findByText('No messages yet. Say hello!');
    await user.click(screen.getByRole('button', { name: 'Record voice note' }));
    const timer = await screen.findByRole('timer', { name: 'Recording time' });
    expect(timer).toHaveTextContent('00:00');
    expect(recorder.mimeType).toBe('audio/webm;codecs=opus');
    now += 65_000;
    await waitFor(() => expect(screen.getByRole('timer', { name: 'Recording time' })).toHaveTextContent('01:05'));

    await user.click(screen.getByRole('button', { name: 'Stop' }));
    const preview = await screen.findByRole('group', { name: 'Voice note preview' });
    expect(stopTrack).toHaveBeenCalled();
    await user.click(within(preview).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(uploads[0]!.type).toBe('audio/webm');
    expect(uploads[0]!.name).toMatch(/\.webm$/);
    expect(sent[0]).toMatchObject({ contactId, type: 'voice', meta: { path: 't/uploads/v.webm' } });
    expect(await screen.findByRole('textbox', { name: 'Message' })).toBeInTheDocument();
  });

  it('cancels a recording without sending anything', async () => {
    const recorder = new FakeRecorder();
    const { user, api } = setup({
      recorderDeps: {
        requestAccess: async () => true,
        getUserMedia: async () => ({ getTracks: () => [] }) as unknown as MediaStream,
        createRecorder: () => recorder as unknown as MediaRecorder,
        isTypeSupported: () => false,
      },
    });
    await screen.findByText('No messages yet. Say hello!');
    await user.click(screen.getByRole('button', { name: 'Record voice note' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel recording' }));
    expect(await screen.findByRole('textbox', { name: 'Message' })).toBeInTheDocument();
    expect(api.calls.some((c) => c.path === '/api/messages/upload')).toBe(false);
  });

  it('attaches a file with a preview and a caption, uploads it, then sends it', async () => {
    const sent: SendMessageRequest[] = [];
    const { user, contactId } = setup({
      handlers: {
        'POST /api/messages/upload': () =>
          ok({ path: 't/uploads/p.pdf', fileName: 'price-list.pdf', url: '/api/files/p?exp=9999999999&sig=s', mediaType: 'application/pdf', type: 'document', size: 4 }),
        'POST /api/messages': ({ body }) => {
          const request = body as SendMessageRequest;
          sent.push(request);
          return ok(makeMessage({ contactId, direction: 'out', type: 'document', status: 'sent', ack: 1, body: request.body ?? '', clientId: request.clientId ?? null }));
        },
      },
    });
    await screen.findByText('No messages yet. Say hello!');
    const file = new File(['%PDF'], 'price-list.pdf', { type: 'application/pdf' });
    await user.upload(screen.getByTestId('attach-input'), file);
    const preview = await screen.findByRole('group', { name: 'Attachment preview' });
    expect(within(preview).getByText('price-list.pdf')).toBeInTheDocument();
    await user.type(within(preview).getByRole('textbox', { name: 'Caption' }), 'Our prices');
    await user.click(within(preview).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ contactId, body: 'Our prices', type: 'document', meta: { path: 't/uploads/p.pdf', fileName: 'price-list.pdf' } });
    expect(await screen.findByRole('textbox', { name: 'Message' })).toBeInTheDocument();
  });

  it("alerts the server's reason when an upload is refused", async () => {
    const { user } = setup({ handlers: { 'POST /api/messages/upload': () => fail(413, 'The file is too large. The limit is 16 MB.') } });
    await screen.findByText('No messages yet. Say hello!');
    await user.upload(screen.getByTestId('attach-input'), new File(['x'], 'big.mp4', { type: 'video/mp4' }));
    const preview = await screen.findByRole('group', { name: 'Attachment preview' });
    await user.click(within(preview).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Failed to send message: The file is too large. The limit is 16 MB.')).toBeInTheDocument();
  });
});

/** Stands in for MediaRecorder: stop() delivers one chunk and fires onstop. */
class FakeRecorder {
  state: 'inactive' | 'recording' = 'inactive';
  mimeType: string | undefined;
  ondataavailable: ((event: { data: Blob }) => void) | null = null;
  onstop: (() => void) | null = null;
  start() {
    this.state = 'recording';
  }
  stop() {
    this.state = 'inactive';
    this.ondataavailable?.({ data: new Blob(['ogg'], { type: 'audio/webm' }) });
    this.onstop?.();
  }
}
