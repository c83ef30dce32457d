import type { LabelInput } from '@crm/common';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminUser, json, ok, salesUser } from '../../test/fake-api';
import { fakeCrmApi } from '../../test/fake-crm-api';
import { renderApp } from '../../test/render-app';
import { labelsList, makeLabel } from './testing/make-label';

const vip = makeLabel('VIP', '#e03131');
const wholesale = makeLabel('Wholesale', '#1971c2');

async function openSettings(handlers: Parameters<typeof fakeCrmApi>[1] = {}) {
  const api = fakeCrmApi(adminUser, { 'GET /api/labels': labelsList([vip, wholesale]), ...handlers });
  const view = renderApp('/settings/labels');
  await screen.findByRole('heading', { name: 'Labels', level: 1 });
  return { ...view, ...api };
}

const table = () => screen.getByRole('table', { name: 'Labels' });

describe('Settings → Labels', { timeout: 20_000 }, () => {
  it("lists the company's labels with their colours, and is reached from the sidebar", async () => {
    await openSettings();
    const row = (await within(table()).findByText('VIP')).closest('tr')!;
    expect(within(row).getByText('#e03131')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Edit VIP' })).toBeInTheDocument();
    expect(within(table()).getByText('Wholesale')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Labels' })).toHaveAttribute('href', '/settings/labels');
  });

  it('sends a sales user back to the dashboard', async () => {
    fakeCrmApi(salesUser, { 'GET /api/labels': labelsList([vip]) });
    const { router } = renderApp('/settings/labels');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(screen.queryByRole('heading', { name: 'Labels', level: 1 })).not.toBeInTheDocument();
  });

  it('adds a label with a colour of the palette, refusing a blank name', async () => {
    const { user, to } = await openSettings({
      'POST /api/labels': ({ body }) => json(201, { ok: true, data: { _id: '0190a0b0-0000-7000-8000-00000000beef', ...(body as LabelInput) } }),
    });
    await user.click(screen.getByRole('button', { name: 'Add Label' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Label' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Label name is required.')).toBeInTheDocument();
    expect(to('POST', '/api/labels')).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), '  Hot lead ');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(table()).findByText('Hot lead')).toBeInTheDocument();
    expect(to('POST', '/api/labels')[0]!.body).toEqual({ name: 'Hot lead', colour: '#e03131' });
  });

  it("renames and recolours a label, and shows the server's refusal of a taken name", async () => {
    let taken = true;
    const { user, to } = await openSettings({
      [`PATCH /api/labels/${vip._id}`]: ({ body }) =>
        taken ? json(409, { ok: false, error: 'A label with this name already exists.', code: 'label.name_taken' }) : ok({ ...vip, ...(body as LabelInput) }),
    });
    await user.click(await screen.findByRole('button', { name: 'Edit VIP' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Label' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    expect(name).toHaveValue('VIP');
    await user.clear(name);
    await user.type(name, 'Wholesale');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('A label with this name already exists.');

    taken = false;
    await user.clear(name);
    await user.type(name, 'Gold');
    const colour = within(dialog).getByRole('textbox', { name: 'Colour' });
    await user.clear(colour);
    await user.type(colour, 'blue');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Colour must be a hex colour like #1f9d55.')).toBeInTheDocument();
    await user.clear(colour);
    await user.type(colour, '#6741D9');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const row = (await within(table()).findByText('Gold')).closest('tr')!;
    expect(within(row).getByText('#6741d9')).toBeInTheDocument();
    expect(to('PATCH', `/api/labels/${vip._id}`).at(-1)!.body).toEqual({ name: 'Gold', colour: '#6741d9' });
  });

  it('deletes a label only after confirmation', async () => {
    const { user, to } = await openSettings({ [`DELETE /api/labels/${wholesale._id}`]: () => ok({ message: 'Label deleted.' }) });
    await user.click(await screen.findByRole('button', { name: 'Delete Wholesale' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete label' });
    expect(dialog).toHaveTextContent('Delete the label “Wholesale”? It is taken off every contact that has it.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(to('DELETE', `/api/labels/${wholesale._id}`)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete Wholesale' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete label' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(within(table()).queryByText('Wholesale')).not.toBeInTheDocument());
    expect(to('DELETE', `/api/labels/${wholesale._id}`)).toHaveLength(1);
  });
});
