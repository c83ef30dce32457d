import type { CannedResponse, Chat, Contact, SendMessageRequest } from '@crm/common';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminUser, fail, fakeApi, ok } from '../../../test/fake-api';
import { makeContact } from '../../contacts/testing/make-contact';
import { ChatPanel } from '../ChatPanel';
import { makeChat, makeMessage, messengerTestSetup, renderWithApp, testId } from '../testing';

const reply = (title: string, text: string): CannedResponse => ({ _id: testId(), title, text, createdBy: null, canEdit: true, createdAt: '', updatedAt: '' });

const replies = [
  reply('Greeting', 'Hi {name}, this is {agent} from {company}. How can we help?'),
  reply('Order ready', 'Your {product} order is ready, {name}.'),
  reply('Shipping time', 'Shipping takes 2-3 days.'),
  reply('Returns', 'Free shipping on returns within {days} days.'),
];

function setup(options: { chat?: Partial<Chat>; contact?: Partial<Contact> | 'fails'; items?: CannedResponse[] } = {}) {
  messengerTestSetup({ ...adminUser, companyName: 'Nile Shop' } as typeof adminUser);
  const chat = makeChat(options.chat);
  const contactId = chat._id;
  const sent: SendMessageRequest[] = [];
  const api = fakeApi({
    [`GET /api/chats/${contactId}`]: () => ok(chat),
    [`GET /api/contacts/${contactId}`]: () => (options.contact === 'fails' ? fail(500, 'Database down') : ok(makeContact({ _id: contactId, name: chat.name, ...options.contact }))),
    'GET /api/messages': () => ok({ items: [], total: 0, hasMore: false, nextCursor: null }),
    'GET /api/canned-responses': () => ok({ items: options.items ?? replies, total: (options.items ?? replies).length }),
    'GET /api/follow-up-templates': () => ok({ items: [], total: 0 }),
    'POST /api/messages': ({ body }) => {
      const request = body as SendMessageRequest;
      sent.push(request);
      return ok(makeMessage({ contactId, direction: 'out', status: 'sent', body: request.body, clientId: request.clientId ?? null }));
    },
  });
  const view = renderWithApp(<ChatPanel contactId={contactId} />, `/whatsapp?contactId=${contactId}`);
  return { ...view, contactId, sent, api };
}

const messageBox = () => screen.getByRole('textbox', { name: 'Message' });
const quickReplies = () => screen.getByRole('listbox', { name: 'Quick replies' });
const titles = () =>
  within(quickReplies())
    .getAllByRole('option')
    .map((option) => option.querySelector('p')?.textContent);
const product = (name: string) => ({ productId: { _id: testId(), name, sku: 'SKU', price: 100 }, qty: 1, price: 100 });

describe('quick replies in the message box', { timeout: 20_000 }, () => {
  it('opens on /, filters by what follows, moves with the arrows and inserts the filled-in reply with Enter, which then sends', async () => {
    const { user, sent } = setup({ contact: { products: [product('Blue Dress')] } });
    await screen.findByText('No messages yet. Say hello!');
    await user.type(messageBox(), '/');
    expect(await screen.findByText('Quick replies')).toBeInTheDocument();
    await waitFor(() => expect(titles()).toEqual(['Greeting', 'Order ready', 'Shipping time', 'Returns']));
    expect(within(quickReplies()).getByText('Shipping takes 2-3 days.')).toBeInTheDocument();
    expect(messageBox()).toHaveAttribute('aria-controls', quickReplies().id);

    await user.type(messageBox(), 'or');
    expect(titles()).toEqual(['Order ready']);
    await user.clear(messageBox());
    await user.type(messageBox(), 'Hello! /');
    await waitFor(() => expect(titles()).toHaveLength(4));
    expect(within(quickReplies()).getByRole('option', { name: /Greeting/ })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}');
    const selected = within(quickReplies()).getByRole('option', { name: /Order ready/ });
    expect(selected).toHaveAttribute('aria-selected', 'true');
    expect(messageBox()).toHaveAttribute('aria-activedescendant', selected.id);
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(within(quickReplies()).getByRole('option', { name: /Returns/ })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');

    await waitFor(() => expect(messageBox()).toHaveValue('Hello! Your Blue Dress order is ready, Mona Hassan.'));
    expect(screen.queryByRole('listbox', { name: 'Quick replies' })).not.toBeInTheDocument();
    expect(sent).toHaveLength(0);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(sent.map((s) => s.body)).toEqual(['Hello! Your Blue Dress order is ready, Mona Hassan.']));
  });

  it("fills the agent's and the company's names; a contact without a name is greeted politely; unknown blanks stay as typed", async () => {
    const { user } = setup({ chat: { name: null } });
    await screen.findByText('No messages yet. Say hello!');
    await user.type(messageBox(), '/greet');
    await waitFor(() => expect(titles()).toEqual(['Greeting']));
    await user.keyboard('{Tab}');
    await waitFor(() => expect(messageBox()).toHaveValue('Hi there, this is Amira Admin from Nile Shop. How can we help?'));

    await user.clear(messageBox());
    await user.type(messageBox(), '/returns');
    await user.click(await within(quickReplies()).findByRole('option', { name: /Returns/ }));
    await waitFor(() => expect(messageBox()).toHaveValue('Free shipping on returns within {days} days.'));
  });

  it('leaves the product out when the deal has none', async () => {
    const { user } = setup();
    await screen.findByText('No messages yet. Say hello!');
    await user.type(messageBox(), '/order{Enter}');
    await waitFor(() => expect(messageBox()).toHaveValue('Your order is ready, Mona Hassan.'));
  });

  it('keeps {product} for the agent to fill when the deal cannot be read', async () => {
    const { user } = setup({ contact: 'fails' });
    await screen.findByText('No messages yet. Say hello!');
    await user.type(messageBox(), '/order{Enter}');
    await waitFor(() => expect(messageBox()).toHaveValue('Your {product} order is ready, Mona Hassan.'));
  });

  it('closes with Escape (Enter then sends what was typed), and a / inside a word or with nothing matching never gets in the way', async () => {
    const { user, sent } = setup();
    await screen.findByText('No messages yet. Say hello!');
    await user.type(messageBox(), 'and/or');
    expect(screen.queryByRole('listbox', { name: 'Quick replies' })).not.toBeInTheDocument();
    await user.clear(messageBox());

    await user.type(messageBox(), '/zzz');
    expect(await screen.findByText('No quick reply matches “zzz”.')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByText('No quick reply matches “zzz”.')).not.toBeInTheDocument();
    await user.type(messageBox(), '{Enter}');
    await waitFor(() => expect(sent.map((s) => s.body)).toEqual(['/zzz']));

    // a new / opens it again
    await user.type(messageBox(), 'see /ship');
    await waitFor(() => expect(titles()).toEqual(['Shipping time', 'Returns']));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox', { name: 'Quick replies' })).not.toBeInTheDocument();
    expect(messageBox()).toHaveValue('see /ship');
  });

  it('offers a link to add one when the company has none', async () => {
    const { user } = setup({ items: [] });
    await screen.findByText('No messages yet. Say hello!');
    await user.type(messageBox(), '/');
    expect(await screen.findByText('No canned responses yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add one' })).toHaveAttribute('href', '/canned-responses');
  });

  it("the canned responses button's filter matches as the / list does: titles first, then texts", async () => {
    const many = [...replies, reply('Payment', 'Cash on delivery.'), reply('Hours', 'We open at 10.'), reply('Ship abroad', 'Not yet.')];
    const { user } = setup({ items: many });
    await screen.findByText('No messages yet. Say hello!');
    await user.click(screen.getByRole('button', { name: 'Canned responses' }));
    await user.type(await screen.findByRole('textbox', { name: 'Filter responses' }), 'SHIP');
    const list = screen.getByRole('list', { name: 'Canned responses list' });
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole('button')
          .map((b) => b.querySelector('p')?.textContent),
      ).toEqual(['Shipping time', 'Ship abroad', 'Returns']),
    );
  });

  it('fills the blanks of a reply chosen from the canned responses button too', async () => {
    const { user } = setup();
    await screen.findByText('No messages yet. Say hello!');
    await user.click(screen.getByRole('button', { name: 'Canned responses' }));
    await user.click(await screen.findByRole('button', { name: /^Greeting/ }));
    await waitFor(() => expect(messageBox()).toHaveValue('Hi Mona Hassan, this is Amira Admin from Nile Shop. How can we help?'));
  });
});
