import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FOLLOW_UP_TEXTS } from '@crm/common';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../../app/AppProviders';
import { adminUser, fail, json, ok } from '../../../test/fake-api';
import { openedSockets } from '../../../test/fake-socket';
import { useRealtimeStore } from '../../realtime/store';
import { fakeFollowUpsApi, makeRun, makeTemplate, testId } from '../testing';
import { FollowUpStatus } from './FollowUpStatus';
import { StartFollowUpButton } from './StartFollowUpButton';

const contactId = testId();
const wrap = (children: ReactNode) =>
  render(
    <AppProviders env="test">
      <MemoryRouter>{children}</MemoryRouter>
    </AppProviders>,
  );

describe('StartFollowUpButton (chat panel)', { timeout: 20_000 }, () => {
  const warm = makeTemplate({ name: 'Warm lead' });
  const cold = makeTemplate({ name: 'Cold lead', createdBy: { _id: testId(), name: 'Samir', role: 'sales' } });

  async function pickAndStart(startAnswer: () => Response) {
    const api = fakeFollowUpsApi(adminUser, {
      'GET /api/follow-up-templates': () => ok({ items: [warm, cold], total: 2 }),
      [`POST /api/contacts/${contactId}/follow-up/start`]: startAnswer,
      [`GET /api/contacts/${contactId}/follow-ups`]: () => ok({ items: [], total: 0 }),
    });
    const started: unknown[] = [];
    const user = userEvent.setup();
    wrap(<StartFollowUpButton contactId={contactId} onStarted={(run) => started.push(run)} />);
    await user.click(screen.getByRole('button', { name: 'Start follow-up' }));
    const picker = await screen.findByRole('dialog', { name: 'Start a follow-up sequence' });
    await user.click(await within(picker).findByPlaceholderText('Choose a template'));
    await user.click(await screen.findByRole('option', { name: 'Cold lead (Personal)' }));
    expect(within(picker).getByRole('list', { name: 'Steps of the template' })).toHaveTextContent('after 24 h');
    await user.click(within(picker).getByRole('button', { name: 'Start Sequence' }));
    // the question replaces the picker in the same dialog: never two dialogs stacked
    const confirm = await screen.findByRole('dialog', { name: 'Start follow-up' });
    expect(confirm).toHaveTextContent(FOLLOW_UP_TEXTS.confirmStart);
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    expect(screen.queryByRole('dialog', { name: 'Start a follow-up sequence' })).not.toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Start' }));
    return { ...api, started };
  }

  it('picks a template, asks the spec question, starts it and says so', async () => {
    const run = makeRun({ contactId, templateName: 'Cold lead' });
    const { to, started } = await pickAndStart(() => ok(run));
    expect(await screen.findByText(FOLLOW_UP_TEXTS.started)).toBeInTheDocument();
    expect(to('POST', `/api/contacts/${contactId}/follow-up/start`)[0].body).toEqual({ templateId: cold._id });
    expect(started).toEqual([run]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Start a follow-up sequence' })).not.toBeInTheDocument());
  });

  it('goes back from the question to the picker in the same dialog with Cancel', async () => {
    fakeFollowUpsApi(adminUser, { 'GET /api/follow-up-templates': () => ok({ items: [warm, cold], total: 2 }) });
    const user = userEvent.setup();
    wrap(<StartFollowUpButton contactId={contactId} />);
    await user.click(screen.getByRole('button', { name: 'Start follow-up' }));
    const picker = await screen.findByRole('dialog', { name: 'Start a follow-up sequence' });
    await user.click(await within(picker).findByPlaceholderText('Choose a template'));
    await user.click(await screen.findByRole('option', { name: 'Warm lead (Team)' }));
    await user.click(within(picker).getByRole('button', { name: 'Start Sequence' }));
    const confirm = await screen.findByRole('dialog', { name: 'Start follow-up' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('dialog', { name: 'Start a follow-up sequence' })).toBeInTheDocument();
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
  });

  it("shows the server's text when starting fails", async () => {
    await pickAndStart(() => fail(409, 'This contact already has an active follow-up sequence. Stop it before starting another.'));
    expect(await screen.findByText('This contact already has an active follow-up sequence. Stop it before starting another.')).toBeInTheDocument();
  });

  it("else 'Failed to start the sequence.'", async () => {
    await pickAndStart(() => json(500, { ok: false }));
    expect(await screen.findByText(FOLLOW_UP_TEXTS.startFailed)).toBeInTheDocument();
  });

  it('is disabled while a sequence runs, and offers creating a template when there is none', async () => {
    fakeFollowUpsApi(adminUser, { 'GET /api/follow-up-templates': () => ok({ items: [], total: 0 }) });
    const user = userEvent.setup();
    const view = wrap(<StartFollowUpButton contactId={contactId} hasActiveFollowUp />);
    expect(screen.getByRole('button', { name: 'Start follow-up' })).toBeDisabled();
    view.unmount();
    wrap(<StartFollowUpButton contactId={contactId} />);
    await user.click(screen.getByRole('button', { name: 'Start follow-up' }));
    expect(await screen.findByText(FOLLOW_UP_TEXTS.empty)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create one' })).toHaveAttribute('href', '/follow-up-templates');
  });

  it("says 'Failed to load templates.' when the picker cannot load them", async () => {
    fakeFollowUpsApi(adminUser, { 'GET /api/follow-up-templates': () => json(500, { ok: false }) });
    const user = userEvent.setup();
    wrap(<StartFollowUpButton contactId={contactId} />);
    await user.click(screen.getByRole('button', { name: 'Start follow-up' }));
    expect(await screen.findByText(FOLLOW_UP_TEXTS.loadFailed)).toBeInTheDocument();
  });
});

describe('FollowUpStatus (chat panel and contact profile)', () => {
  it('shows the active sequence with Stop, and each step: scheduled time, sent time or why not', async () => {
    const active = makeRun({ contactId, templateName: 'Warm lead' });
    const ended = makeRun({
      contactId,
      templateName: 'Old one',
      status: 'stopped',
      stopReason: 'The contact replied.',
      endedAt: '2026-11-19T12:00:00.000Z',
      steps: [
        {
          step: 1,
          delay: 24,
          message: 'x',
          status: 'cancelled',
          scheduledAt: '2026-11-19T10:00:00.000Z',
          sentAt: null,
          messageId: null,
          reason: 'Not sent: the contact replied.',
          reasonCode: null,
          reasonParams: null,
        },
      ],
    });
    fakeFollowUpsApi(adminUser, { [`GET /api/contacts/${contactId}/follow-ups`]: () => ok({ items: [active, ended], total: 2 }) });
    wrap(<FollowUpStatus contactId={contactId} />);

    const current = await screen.findByRole('article', { name: 'Follow-up Warm lead' });
    expect(within(current).getByText('Active')).toBeInTheDocument();
    expect(within(current).getByRole('button', { name: 'Stop' })).toBeInTheDocument();
    expect(within(current).getByText(/1 of 2 sent/)).toBeInTheDocument();
    const rows = within(current).getAllByRole('row');
    expect(rows[1]).toHaveTextContent(/^1/);
    expect(rows[1]).toHaveTextContent(/Sent /);
    expect(rows[2]).toHaveTextContent('Scheduled');

    const old = screen.getByRole('article', { name: 'Follow-up Old one' });
    expect(within(old).getByText('Stopped')).toBeInTheDocument();
    expect(within(old).getByText('The contact replied.')).toBeInTheDocument();
    expect(within(old).getByText('Not sent: the contact replied.')).toBeInTheDocument();
    expect(within(old).queryByRole('button', { name: 'Stop' })).not.toBeInTheDocument();
  });

  it('shows a step skipped because the WhatsApp window was closed, with the reason', async () => {
    const run = makeRun({
      contactId,
      templateName: 'Plain',
      status: 'completed',
      endedAt: '2026-11-21T12:00:00.000Z',
      steps: [
        {
          step: 1,
          delay: 30,
          message: 'Last call',
          status: 'skipped',
          scheduledAt: '2026-11-21T12:00:00.000Z',
          sentAt: null,
          messageId: null,
          reason: 'Skipped: the 24-hour WhatsApp window was closed and this sequence names no WhatsApp template.',
          reasonCode: 'window_closed',
          reasonParams: null,
        },
      ],
    });
    fakeFollowUpsApi(adminUser, { [`GET /api/contacts/${contactId}/follow-ups`]: () => ok({ items: [run], total: 1 }) });
    wrap(<FollowUpStatus contactId={contactId} />);
    const log = await screen.findByRole('article', { name: 'Follow-up Plain' });
    expect(within(log).getByText('Skipped (window closed)')).toBeInTheDocument();
    expect(within(log).getByText('Skipped: the 24-hour WhatsApp window was closed and this sequence names no WhatsApp template.')).toBeInTheDocument();
  });

  it('stops the active sequence after a confirmation', async () => {
    let runs = [makeRun({ contactId })];
    const { to } = fakeFollowUpsApi(adminUser, {
      [`GET /api/contacts/${contactId}/follow-ups`]: () => ok({ items: runs, total: runs.length }),
      [`POST /api/contacts/${contactId}/follow-up/stop`]: () => {
        runs = [{ ...runs[0], status: 'stopped', stopReason: `Stopped by ${adminUser.name}.` }];
        return ok(runs[0]);
      },
    });
    const user = userEvent.setup();
    wrap(<FollowUpStatus contactId={contactId} />);
    await user.click(await screen.findByRole('button', { name: 'Stop' }));
    const confirm = await screen.findByRole('dialog', { name: 'Stop follow-up' });
    expect(confirm).toHaveTextContent('Stop this follow-up sequence? Messages not sent yet will be cancelled.');
    await user.click(within(confirm).getByRole('button', { name: 'Stop sequence' }));
    expect(await screen.findByText('Follow-up sequence stopped.')).toBeInTheDocument();
    expect(await screen.findByText(`Stopped by ${adminUser.name}.`)).toBeInTheDocument();
    expect(to('POST', `/api/contacts/${contactId}/follow-up/stop`)).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Stop' })).not.toBeInTheDocument();
  });

  it('shows why steps wait while WhatsApp is disconnected; the chat panel variant shows only the active one', async () => {
    const paused = makeRun({ contactId, pausedReason: 'WhatsApp is disconnected (it needs a new QR scan).' });
    const done = makeRun({ contactId, templateName: 'Done', status: 'completed' });
    fakeFollowUpsApi(adminUser, { [`GET /api/contacts/${contactId}/follow-ups`]: () => ok({ items: [paused, done], total: 2 }) });
    wrap(<FollowUpStatus contactId={contactId} activeOnly />);
    expect(await screen.findByText('WhatsApp is disconnected (it needs a new QR scan).')).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Follow-up Done' })).not.toBeInTheDocument();
  });

  it('Retry after the sequences fail to load asks again and shows them', async () => {
    let calls = 0;
    const { to } = fakeFollowUpsApi(adminUser, {
      [`GET /api/contacts/${contactId}/follow-ups`]: () => (++calls === 1 ? new Response('x', { status: 502 }) : ok({ items: [makeRun({ contactId, templateName: 'Again' })], total: 1 })),
    });
    const user = userEvent.setup();
    wrap(<FollowUpStatus contactId={contactId} />);
    expect(await screen.findByText('Could not load the follow-up sequences.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('article', { name: 'Follow-up Again' })).toBeInTheDocument();
    expect(to('GET', `/api/contacts/${contactId}/follow-ups`)).toHaveLength(2);
    expect(screen.queryByText('Could not load the follow-up sequences.')).not.toBeInTheDocument();
  });

  it("says when there are none, and refreshes when the contact's chat changes", async () => {
    let calls = 0;
    fakeFollowUpsApi(adminUser, {
      [`GET /api/contacts/${contactId}/follow-ups`]: () => {
        calls++;
        return ok(calls === 1 ? { items: [], total: 0 } : { items: [makeRun({ contactId, templateName: 'Fresh' })], total: 1 });
      },
    });
    useRealtimeStore.getState().connect('token-of-admin');
    wrap(<FollowUpStatus contactId={contactId} />);
    expect(await screen.findByText('No follow-up sequences for this contact yet.')).toBeInTheDocument();
    act(() => openedSockets.at(-1)!.serverEmit('chat:update', { _id: contactId, hasActiveFollowUp: true }));
    expect(await screen.findByRole('article', { name: 'Follow-up Fresh' })).toBeInTheDocument();
    useRealtimeStore.getState().disconnect();
  });
});
