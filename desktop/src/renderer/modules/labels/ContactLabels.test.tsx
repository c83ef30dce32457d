import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { adminUser, json, ok } from '../../test/fake-api';
import { fakeMessengerApi, messengerTestSetup, renderWithApp } from '../messenger/testing';
import { ContactLabels } from './ContactLabels';
import { resetLabelsStore } from './store';
import { makeLabel } from './testing/make-label';

const vip = makeLabel('VIP', '#e03131');
const hot = makeLabel('Hot', '#f08c00');
const contactId = '0190a0b0-0000-7000-8000-0000000c0001';

function setup(handlers: Parameters<typeof fakeMessengerApi>[1] = {}) {
  messengerTestSetup(adminUser);
  resetLabelsStore();
  const onChange = vi.fn();
  const api = fakeMessengerApi(adminUser, {
    'GET /api/labels': () => ok({ items: [vip, hot], total: 2 }),
    [`GET /api/contacts/${contactId}/labels`]: () => ok([vip]),
    ...handlers,
  });
  return { ...renderWithApp(<ContactLabels contactId={contactId} name="Mona Hassan" onChange={onChange} />), ...api, onChange };
}

const chipNames = async () =>
  within(await screen.findByRole('list', { name: 'Labels' }))
    .getAllByRole('listitem')
    .map((chip) => chip.textContent);

describe('the label picker of a contact', { timeout: 15_000 }, () => {
  it("shows the contact's labels and puts another on with one tick", async () => {
    const { user, to, onChange } = setup({ [`PUT /api/contacts/${contactId}/labels`]: () => ok([vip, hot]) });
    expect(await chipNames()).toEqual(['VIP']);
    await user.click(await screen.findByRole('button', { name: 'Labels of Mona Hassan' }));
    const picker = await screen.findByRole('group', { name: 'Labels of Mona Hassan' });
    expect(within(picker).getByRole('checkbox', { name: 'VIP' })).toBeChecked();
    await user.click(within(picker).getByRole('checkbox', { name: 'Hot' }));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith([vip._id, hot._id]));
    expect(to('PUT', `/api/contacts/${contactId}/labels`)[0]!.body).toEqual({ labelIds: [vip._id, hot._id] });
    expect(await chipNames()).toEqual(['Hot', 'VIP']);
  });

  it('takes a label off, and puts it back with a message when the server refuses', async () => {
    const { user, onChange } = setup({
      [`PUT /api/contacts/${contactId}/labels`]: () => json(403, { ok: false, error: 'You can only change your own contacts.', code: 'permission_denied' }),
    });
    expect(await chipNames()).toEqual(['VIP']);
    await user.click(await screen.findByRole('button', { name: 'Labels of Mona Hassan' }));
    await user.click(within(await screen.findByRole('group', { name: 'Labels of Mona Hassan' })).getByRole('checkbox', { name: 'VIP' }));
    expect(await screen.findByText('You can only change your own contacts.')).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Labels of Mona Hassan' })).getByRole('checkbox', { name: 'VIP' })).toBeChecked();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('says the labels could not be loaded (not "no labels") and lets nothing be ticked until Retry loads them', async () => {
    let answer = () => json(500, { ok: false, error: 'Labels are unavailable' });
    const { user, to } = setup({ [`GET /api/contacts/${contactId}/labels`]: () => answer() });
    expect(await screen.findByText('Labels are unavailable')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Labels of Mona Hassan' })).toBeDisabled();
    answer = () => ok([vip]);
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await chipNames()).toEqual(['VIP']);
    expect(screen.queryByText('Labels are unavailable')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Labels of Mona Hassan' })).toBeEnabled();
    expect(to('PUT', `/api/contacts/${contactId}/labels`)).toHaveLength(0);
  });
});
