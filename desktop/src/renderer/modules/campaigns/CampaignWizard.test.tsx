import { screen, waitFor, within } from '@testing-library/react';
import { LANGUAGES } from '@crm/common';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render-app';
import { catalogueText } from '../../test/catalogue';
import { wizardServer } from './testing';

describe('the campaign wizard', { timeout: 30_000 }, () => {
  it("narrows the audience by product bought and assignee, and schedules on the company's clock within its sending hours", async () => {
    const { to, abaya } = wizardServer();
    const { user } = renderApp('/campaigns');
    await user.click(await screen.findByRole('button', { name: 'New campaign' }));
    const wizard = await screen.findByRole('dialog');
    await user.type(within(wizard).getByRole('textbox', { name: 'Campaign name' }), 'Abaya buyers');
    expect(await within(wizard).findByText('42 contacts match')).toBeInTheDocument();

    await user.click(within(wizard).getByRole('combobox', { name: 'Product bought' }));
    await user.click(await screen.findByRole('option', { name: /Black abaya/ }));
    expect(await within(wizard).findByText('7 contacts match')).toBeInTheDocument();
    await user.click(within(wizard).getByRole('combobox', { name: 'Assigned to' }));
    expect(await screen.findByRole('option', { name: 'Sara Sales' })).toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: 'Nobody (unassigned)' }));
    expect(await within(wizard).findByText('3 contacts match')).toBeInTheDocument();
    expect(to('POST', '/api/campaigns/audience').at(-1)!.body).toMatchObject({ audience: { productId: abaya._id, assignedTo: 'unassigned' } });
    expect(to('GET', '/api/auth/users')[0]!.query.get('role')).toBe('sales');

    await user.click(within(wizard).getByRole('button', { name: 'Next' }));
    await user.type(within(wizard).getByRole('textbox', { name: 'Message' }), 'Hi {{name}, the new abayas are in');
    expect(await within(wizard).findByText(/only between 10:00 and 20:00, company time \(Asia\/Dubai\)/)).toBeInTheDocument();
    await user.click(within(wizard).getByRole('radio', { name: 'At a time' }));
    expect(within(wizard).getByTestId('campaign-hours')).toHaveTextContent("Date and time in the company's time zone (Asia/Dubai).");
    await user.type(within(wizard).getByRole('textbox', { name: 'Date' }), '2027-01-15');
    await user.type(within(wizard).getByLabelText('Time'), '08:00');
    expect(await within(wizard).findByText('That time is outside the sending hours: the first messages go at 10:00.')).toBeInTheDocument();
    await user.clear(within(wizard).getByLabelText('Time'));
    await user.type(within(wizard).getByLabelText('Time'), '16:30');
    expect(within(wizard).queryByText(/outside the sending hours/)).not.toBeInTheDocument();

    await user.click(within(wizard).getByRole('button', { name: 'Next' }));
    expect(within(wizard).getByText(/^Starts .*\(Asia\/Dubai\)$/)).toBeInTheDocument();
    await user.click(within(wizard).getByRole('button', { name: 'Schedule campaign' }));
    await waitFor(() => expect(to('POST', '/api/campaigns')).toHaveLength(1));
    // 16:30 in Dubai (UTC+4) is 12:30 UTC, whatever the computer's own zone
    expect(to('POST', '/api/campaigns')[0]!.body).toMatchObject({
      name: 'Abaya buyers',
      audience: { productId: abaya._id, assignedTo: 'unassigned' },
      scheduledAt: '2027-01-15T12:30:00.000Z',
    });
  });

  it('cannot schedule "at a time" until the date and time are both picked', async () => {
    wizardServer();
    const { user } = renderApp('/campaigns');
    await user.click(await screen.findByRole('button', { name: 'New campaign' }));
    const wizard = await screen.findByRole('dialog');
    await user.type(within(wizard).getByRole('textbox', { name: 'Campaign name' }), 'Later');
    await user.click(within(wizard).getByRole('button', { name: 'Next' }));
    await user.type(within(wizard).getByRole('textbox', { name: 'Message' }), 'Hello');
    await user.click(within(wizard).getByRole('radio', { name: 'At a time' }));
    await user.type(within(wizard).getByRole('textbox', { name: 'Date' }), '2027-01-15');
    await user.click(within(wizard).getByRole('button', { name: 'Next' }));
    expect(within(wizard).getByRole('button', { name: 'Schedule campaign' })).toBeDisabled();
  });

  // One run per language (the Arabic copy only repeated it): texts from each catalogue.
  it.for(LANGUAGES)("picks the product bought and schedules on the company's clock, in %s and its direction", async (language) => {
    const text = (key: string, values?: Record<string, string>) => catalogueText(language, `campaigns:wizard.${key}`, values);
    const { to, abaya } = wizardServer(language);
    const { user } = renderApp('/campaigns');
    await user.click(await screen.findByRole('button', { name: catalogueText(language, 'campaigns:new') }));
    const wizard = await screen.findByRole('dialog');
    expect(document.documentElement).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
    await user.type(within(wizard).getByRole('textbox', { name: text('name') }), 'مشترو العباءات');

    await user.click(within(wizard).getByRole('combobox', { name: text('product') }));
    await user.click(await screen.findByRole('option', { name: /Black abaya/ }));
    await waitFor(() => expect(to('POST', '/api/campaigns/audience').at(-1)!.body).toMatchObject({ audience: { productId: abaya._id } }));
    await user.click(within(wizard).getByRole('combobox', { name: text('assignee') }));
    await user.click(await screen.findByRole('option', { name: text('unassigned') }));
    await waitFor(() => expect(to('POST', '/api/campaigns/audience').at(-1)!.body).toMatchObject({ audience: { productId: abaya._id, assignedTo: 'unassigned' } }));

    await user.click(within(wizard).getByRole('button', { name: text('next') }));
    await user.type(within(wizard).getByRole('textbox', { name: text('text') }), 'وصلت العباءات الجديدة');
    expect(within(wizard).getByTestId('campaign-hours')).toHaveTextContent(text('hoursHint', { from: '10:00', to: '20:00', zone: 'Asia/Dubai' }));
    await user.click(within(wizard).getByRole('radio', { name: text('later') }));
    expect(within(wizard).getByTestId('campaign-hours')).toHaveTextContent(text('zoneHint', { zone: 'Asia/Dubai' }));
    await user.type(within(wizard).getByRole('textbox', { name: text('date') }), '2027-01-15');
    await user.type(within(wizard).getByLabelText(text('time')), '21:00');
    expect(await within(wizard).findByText(text('outsideHours', { from: '10:00' }))).toBeInTheDocument();
    await user.click(within(wizard).getByRole('button', { name: text('next') }));
    await user.click(within(wizard).getByRole('button', { name: text('schedule') }));
    await waitFor(() => expect(to('POST', '/api/campaigns')).toHaveLength(1));
    // 21:00 in Dubai is 17:00 UTC
    expect(to('POST', '/api/campaigns')[0]!.body).toMatchObject({ audience: { productId: abaya._id, assignedTo: 'unassigned' }, scheduledAt: '2027-01-15T17:00:00.000Z' });
  });
});
