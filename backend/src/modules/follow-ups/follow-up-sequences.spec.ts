import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { seedCompany, signIn, type SeededCompany } from '../../../test/fixtures.js';
import { HOUR, advance, createTemplate, eventually, latestRun, newContact, scheduler, sentTo, simulator, startFollowUpApp, startRun } from '../../../test/follow-ups.js';
import { connectSocket, connectWhatsApp, inbound, sleep, type TestSocket } from '../../../test/messenger.js';
import type { TestApp } from '../../../test/test-app.js';
import { DB_CONNECTION } from '../../platform/db/database.js';
import type { DbConnection } from '../../platform/db/database.types.js';
import { RUN_TEXTS } from './follow-ups.service.js';
import { STEP_TEXTS } from './follow-up-scheduler.js';
import { TEMPLATE_TEXTS } from './follow-up-templates.service.js';

let t: TestApp;
let a: SeededCompany;
let b: SeededCompany;
let adminA: string;
let salesA: string;
let salesA2: string;
let adminB: string;
let template: { _id: string };
const sockets: TestSocket[] = [];

const STEP_ONE = 'Hi {{name}}, did you get a chance to look at the dress?';
const STEP_TWO = 'We kept your size aside until tomorrow.';

beforeAll(async () => {
  t = await startFollowUpApp();
  a = await seedCompany(t, 'fus-alpha', { sales: 2 });
  b = await seedCompany(t, 'fus-bravo', { sales: 1 });
  [adminA, salesA, salesA2, adminB] = await Promise.all([signIn(t, a.admin.email), signIn(t, a.sales[0].email), signIn(t, a.sales[1].email), signIn(t, b.admin.email)]);
  await connectWhatsApp(t, adminA);
  template = await createTemplate(t, adminA, {
    name: 'Dress follow-up',
    messages: [
      { delay: 1, message: STEP_ONE },
      { delay: 2, message: STEP_TWO },
    ],
  });
});
afterAll(async () => {
  sockets.forEach((s) => s.close());
  await t?.close();
});

const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;
/** pg-boss's tables are outside the app roles' reach: the owner connection reads them. */
const raw = <T>(query: string, params: unknown[]) => t.app.get<DbConnection>(DB_CONNECTION).raw<T>(query, params);

describe('a follow-up sequence', () => {
  it('sends each step at its time through the chat send path (stored, pushed, acked), then completes', async () => {
    const socket = await connectSocket(t, adminA);
    sockets.push(socket);
    const contact = await newContact(t, adminA, 'Mona');
    const startedAt = t.clock.now();
    const run = await startRun(t, adminA, contact.id, template._id);
    expect(run).toMatchObject({ contactId: contact.id, templateId: template._id, templateName: 'Dress follow-up', status: 'active', startedBy: { _id: a.admin.id } });
    expect(run.steps.map((s) => [s.step, s.status, s.scheduledAt])).toEqual([
      [1, 'scheduled', new Date(startedAt.getTime() + 1 * HOUR).toISOString()],
      [2, 'scheduled', new Date(startedAt.getTime() + 3 * HOUR).toISOString()],
    ]);
    expect((await socket.waitFor('chat:update', (c) => c._id === contact.id && c.hasActiveFollowUp)).hasActiveFollowUp).toBe(true);
    expect((await t.api.get(`/chats/${contact.id}`, { token: adminA })).body.data.hasActiveFollowUp).toBe(true);

    await advance(t, HOUR - 60_000);
    expect(sentTo(t, contact.chatId)).toEqual([]);
    await advance(t, 60_000);
    expect(sentTo(t, contact.chatId)).toEqual(['Hi Mona, did you get a chance to look at the dress?']);

    // the step is a chat message like a typed one: pushed, stored, acked; marked automated
    const pushed = await socket.waitFor('msg:new', (m) => m.contactId === contact.id && m.automated);
    expect(pushed).toMatchObject({ direction: 'out', body: 'Hi Mona, did you get a chance to look at the dress?', followUpRunId: run._id, sentBy: null });
    await socket.waitFor('msg:update', (m) => m._id === pushed._id && m.ack === 3);
    let log = await latestRun(t, adminA, contact.id);
    expect(log.steps[0]).toMatchObject({ status: 'sent', messageId: pushed._id, reason: null, sentAt: t.clock.now().toISOString() });
    expect(log.steps[1]).toMatchObject({ status: 'scheduled', sentAt: null });

    await advance(t, 2 * HOUR - 60_000);
    expect(sentTo(t, contact.chatId)).toHaveLength(1);
    await advance(t, 60_000);
    expect(sentTo(t, contact.chatId)).toEqual(['Hi Mona, did you get a chance to look at the dress?', STEP_TWO]);

    log = await latestRun(t, adminA, contact.id);
    expect(log).toMatchObject({ status: 'completed', stopReason: null });
    expect(log.endedAt).not.toBeNull();
    expect(log.steps.map((s) => s.status)).toEqual(['sent', 'sent']);
    await socket.waitFor('chat:update', (c) => c._id === contact.id && !c.hasActiveFollowUp);
    const messages = (await t.api.get(`/messages?contactId=${contact.id}`, { token: adminA })).body.data.items;
    expect(messages.filter((m: { automated: boolean }) => m.automated).map((m: { body: string; status: string }) => [m.body, m.status])).toEqual([
      ['Hi Mona, did you get a chance to look at the dress?', 'sent'],
      [STEP_TWO, 'sent'],
    ]);

    // a second sweep at the same time sends nothing again
    await advance(t, 10 * HOUR);
    expect(sentTo(t, contact.chatId)).toHaveLength(2);
  });

  it('greets a contact without a name neutrally', async () => {
    const contact = await newContact(t, adminA);
    await startRun(t, adminA, contact.id, template._id);
    await advance(t, HOUR);
    const [first] = sentTo(t, contact.chatId);
    expect(first).not.toContain('{{name}}');
    const { name } = (await t.api.get(`/chats/${contact.id}`, { token: adminA })).body.data;
    expect(first).toBe(name ? `Hi ${name}, did you get a chance to look at the dress?` : 'Hi there, did you get a chance to look at the dress?');
    await t.api.post(`/contacts/${contact.id}/follow-up/stop`, undefined, { token: adminA });
  });

  it('stops by itself when the contact replies', async () => {
    const contact = await newContact(t, adminA, 'Karim');
    await startRun(t, adminA, contact.id, template._id);
    await advance(t, HOUR);
    expect(sentTo(t, contact.chatId)).toHaveLength(1);

    await inbound(t, adminA, { from: `+${contact.chatId.replace('@c.us', '')}`, body: 'Yes, I will take it!' });
    const run = await eventually(
      () => latestRun(t, adminA, contact.id),
      (r) => r.status === 'stopped',
    );
    expect(run.stopReason).toBe(RUN_TEXTS.replied);
    expect(run.steps.map((s) => [s.status, s.reason])).toEqual([
      ['sent', null],
      ['cancelled', RUN_TEXTS.notSentReplied],
    ]);
    expect(run).toMatchObject({ stopReasonCode: 'replied', stopReasonParams: null });
    expect(run.steps.map((s) => [s.reasonCode, s.reasonParams])).toEqual([
      [null, null],
      ['replied', null],
    ]);
    expect((await t.api.get(`/chats/${contact.id}`, { token: adminA })).body.data.hasActiveFollowUp).toBe(false);
    await advance(t, 5 * HOUR);
    expect(sentTo(t, contact.chatId)).toHaveLength(1);
  });

  it('stop cancels the steps not sent yet; one active sequence per contact', async () => {
    const contact = await newContact(t, adminA, 'Yasmin');
    await startRun(t, adminA, contact.id, template._id);

    const again = await t.api.post(`/contacts/${contact.id}/follow-up/start`, { templateId: template._id }, { token: adminA });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe(RUN_TEXTS.alreadyActive);

    const stop = await t.api.post(`/contacts/${contact.id}/follow-up/stop`, undefined, { token: adminA });
    expect(stop.status).toBe(200);
    expect(stop.body.data).toMatchObject({ status: 'stopped', stopReason: RUN_TEXTS.stoppedBy(a.admin.name) });
    expect(stop.body.data.steps.map((s: { status: string }) => s.status)).toEqual(['cancelled', 'cancelled']);
    expect(stop.body.data.steps[0].reason).toBe(RUN_TEXTS.notSentStopped(a.admin.name));
    // the name is a parameter, the sentence is the renderer's
    expect(stop.body.data).toMatchObject({ stopReasonCode: 'stopped_by', stopReasonParams: { name: a.admin.name } });
    expect(stop.body.data.steps[0]).toMatchObject({ reasonCode: 'stopped_by', reasonParams: { name: a.admin.name } });
    const [stored] = rows<{ stop_reason_code: string; stop_reason_params: unknown }>(
      await t.db.platform((tx) => tx.execute(sql`select stop_reason_code, stop_reason_params from follow_up_runs where id = ${stop.body.data._id}`)),
    );
    expect(stored).toEqual({ stop_reason_code: 'stopped_by', stop_reason_params: { name: a.admin.name } });

    const stopAgain = await t.api.post(`/contacts/${contact.id}/follow-up/stop`, undefined, { token: adminA });
    expect(stopAgain.status).toBe(409);
    expect(stopAgain.body.error).toBe(RUN_TEXTS.noActive);

    await advance(t, 4 * HOUR);
    expect(sentTo(t, contact.chatId)).toEqual([]);

    // a new sequence may start once the first ended; the log keeps both, newest first
    const second = await startRun(t, adminA, contact.id, template._id);
    const runs = (await t.api.get(`/contacts/${contact.id}/follow-ups`, { token: adminA })).body.data;
    expect(runs.total).toBe(2);
    expect(runs.items.map((r: { _id: string; status: string }) => r.status)).toEqual(['active', 'stopped']);
    expect(runs.items[0]._id).toBe(second._id);
    await t.api.post(`/contacts/${contact.id}/follow-up/stop`, undefined, { token: adminA });
  });

  it('two starts at once: one runs, the other gets the clear 409', async () => {
    const contact = await newContact(t, adminA, 'Race');
    const answers = await Promise.all([1, 2, 3].map(() => t.api.post(`/contacts/${contact.id}/follow-up/start`, { templateId: template._id }, { token: adminA })));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect(answers.find((r) => r.status === 409)!.body.error).toBe(RUN_TEXTS.alreadyActive);
    await t.api.post(`/contacts/${contact.id}/follow-up/stop`, undefined, { token: adminA });
  });

  it('a deleted contact takes its sequence with it; its jobs find nothing to do', async () => {
    const contact = await newContact(t, adminA, 'Gone');
    const run = await startRun(t, adminA, contact.id, template._id);
    const [step] = rows<{ id: string }>(await t.db.platform((tx) => tx.execute(sql`select id from follow_up_steps where run_id = ${run._id} order by step_index`)));
    expect((await t.api.delete(`/contacts/${contact.id}`, { token: adminA })).status).toBe(200);
    const left = rows<{ n: number }>(await t.db.platform((tx) => tx.execute(sql`select count(*)::int as n from follow_up_runs where id = ${run._id}`)));
    expect(Number(left[0].n)).toBe(0);
    await advance(t, 4 * HOUR);
    expect(await scheduler(t).runStep(a.tenantId, step.id)).toBe('gone');
    expect(sentTo(t, contact.chatId)).toEqual([]);
  });

  it('a failed send is logged with the reason and the sequence goes on', async () => {
    const contact = await newContact(t, adminA, 'Nadia');
    await startRun(t, adminA, contact.id, template._id);
    simulator(t).failNextSends(1, 'WhatsApp Web crashed', true);
    await advance(t, HOUR);
    let run = await latestRun(t, adminA, contact.id);
    expect(run.steps[0]).toMatchObject({ status: 'failed', reason: STEP_TEXTS.failed('WhatsApp Web crashed') });
    // the reason as a code, with the message's own error code, for the user's language
    expect(run.steps[0]).toMatchObject({ reasonCode: 'failed', reasonParams: { error: 'refused' } });
    expect(run.steps[0].messageId).not.toBeNull();
    expect(run.status).toBe('active');

    // retried from the chat: the log follows
    const retry = await t.api.post(`/messages/${run.steps[0].messageId}/retry`, undefined, { token: adminA });
    expect(retry.body.data.status).toBe('sent');
    run = await eventually(
      () => latestRun(t, adminA, contact.id),
      (r) => r.steps[0].status === 'sent',
    );
    expect(run.steps[0]).toMatchObject({ reason: null, reasonCode: null, reasonParams: null });

    await advance(t, 2 * HOUR);
    run = await latestRun(t, adminA, contact.id);
    expect(run.status).toBe('completed');
    expect(sentTo(t, contact.chatId)).toHaveLength(2);
  });

  it('the pg-boss job alone sends a step when the database clock reaches it', async () => {
    const contact = await newContact(t, adminA, 'Job');
    const run = await startRun(t, adminA, contact.id, template._id);
    const jobs = await raw<{ id: string; state: string; singleton_key: string; start_after: Date | string; data: { tenantId: string; stepId: string } }>(
      `select j.id, j.state, j.singleton_key, j.start_after, j.data from pgboss.job j
       join follow_up_steps s on s.job_id::uuid = j.id where s.run_id = $1 order by s.step_index`,
      [run._id],
    );
    // one job per step, keyed by the step, due when the step is (database time: real time here)
    expect(jobs).toHaveLength(2);
    expect(jobs.every((j) => j.state === 'created' && j.data.tenantId === a.tenantId && j.singleton_key === j.data.stepId)).toBe(true);
    const dueIn = new Date(jobs[0].start_after).getTime() - Date.now();
    expect(dueIn).toBeGreaterThan(HOUR - 60_000);
    expect(dueIn).toBeLessThan(HOUR + 60_000);

    // no sweep: move the app clock, then let the database reach the job's time
    t.clock.advance(HOUR);
    await raw('update pgboss.job set start_after = now() where id = $1', [jobs[0].id]);
    await eventually(
      async () => sentTo(t, contact.chatId),
      (sent) => sent.length === 1,
    );
    await eventually(
      async () => (await raw<{ state: string }>('select state from pgboss.job where id = $1', [jobs[0].id]))[0].state,
      (state) => state === 'completed',
    );
    expect((await latestRun(t, adminA, contact.id)).steps[0].status).toBe('sent');
    await t.api.post(`/contacts/${contact.id}/follow-up/stop`, undefined, { token: adminA });
  });

  it('racing attempts at one step send it once', async () => {
    const contact = await newContact(t, adminA, 'Twice');
    const run = await startRun(t, adminA, contact.id, template._id);
    const [step] = rows<{ id: string }>(await t.db.platform((tx) => tx.execute(sql`select id from follow_up_steps where run_id = ${run._id} order by step_index`)));
    t.clock.advance(HOUR);
    const outcomes = await Promise.all([...Array.from({ length: 4 }, () => scheduler(t).runStep(a.tenantId, step.id)), scheduler(t).sweep()]);
    // a sweep (this one or the app's own timer) may be the one that sends: its outcome is not among these
    expect(outcomes.filter((o) => o === 'sent').length).toBeLessThanOrEqual(1);
    await eventually(
      async () => sentTo(t, contact.chatId),
      (sent) => sent.length >= 1,
    );
    expect(await Promise.all(Array.from({ length: 2 }, () => scheduler(t).runStep(a.tenantId, step.id)))).not.toContain('sent');
    expect(sentTo(t, contact.chatId)).toHaveLength(1);
    await t.api.post(`/contacts/${contact.id}/follow-up/stop`, undefined, { token: adminA });
  });

  it('a step left "sending" by a sender that died is taken over without sending twice', async () => {
    const contact = await newContact(t, adminA, 'Crash');
    const run = await startRun(t, adminA, contact.id, template._id);
    const steps = rows<{ id: string }>(await t.db.platform((tx) => tx.execute(sql`select id from follow_up_steps where run_id = ${run._id} order by step_index`)));
    await advance(t, HOUR);
    expect(sentTo(t, contact.chatId)).toHaveLength(1);
    const firstMessage = (await latestRun(t, adminA, contact.id)).steps[0].messageId;

    // died after WhatsApp took step 1, before its log was written
    const claimedAt = new Date(t.clock.now().getTime() - 20 * 60_000).toISOString();
    await t.db.platform((tx) => tx.execute(sql`update follow_up_steps set status = 'sending', claimed_at = ${claimedAt}::timestamptz where id = ${steps[0].id}`));
    // died after claiming step 2, before anything was stored
    t.clock.advance(2 * HOUR);
    await t.db.platform((tx) =>
      tx.execute(sql`update follow_up_steps set status = 'sending', claimed_at = ${new Date(t.clock.now().getTime() - 20 * 60_000).toISOString()}::timestamptz where id = ${steps[1].id}`),
    );
    await scheduler(t).sweep();

    const after = await latestRun(t, adminA, contact.id);
    expect(after.steps.map((s) => s.status)).toEqual(['sent', 'sent']);
    expect(after.steps[0].messageId).toBe(firstMessage);
    expect(sentTo(t, contact.chatId)).toEqual(['Hi Crash, did you get a chance to look at the dress?', STEP_TWO]);
    expect(after.status).toBe('completed');
  });
});

/** The phone logs WhatsApp out: the session needs a new QR scan. */
async function logOut() {
  expect((await t.api.post('/dev/whatsapp/disconnect', { mode: 'logout' }, { token: adminA })).status).toBe(200);
  await eventually(
    async () => (await t.api.get('/whatsapp/status', { token: adminA })).body.data.state,
    (state) => state === 'needs_qr',
  );
}

describe('while WhatsApp is logged out', () => {
  it('steps due meanwhile go out on reconnection when less than 24 hours late; 24 hours or more ends the run "expired"', async () => {
    const soon = await newContact(t, adminA, 'Soon');
    const late = await newContact(t, adminA, 'Late');
    await startRun(t, adminA, soon.id, template._id);

    await logOut();
    const paused = await eventually(
      () => latestRun(t, adminA, soon.id),
      (r) => r.pausedReason !== null,
    );
    expect(paused.pausedReason).toBe(RUN_TEXTS.paused);
    expect(paused).toMatchObject({ pausedReasonCode: 'paused', pausedReasonParams: { maxHours: 24 } });

    await advance(t, 2 * HOUR); // step 1 is an hour late, nothing can go out
    expect(sentTo(t, soon.chatId)).toEqual([]);
    // the job that fired meanwhile only notes why it waits
    const [waiting] = rows<{ id: string }>(
      await t.db.platform((tx) => tx.execute(sql`select s.id from follow_up_steps s join follow_up_runs r on r.id = s.run_id where r.contact_id = ${soon.id} and s.step_index = 0`)),
    );
    expect(await scheduler(t).runStep(a.tenantId, waiting.id)).toBe('waiting');
    expect((await latestRun(t, adminA, soon.id)).steps[0]).toMatchObject({ status: 'scheduled', reason: STEP_TEXTS.waiting, reasonCode: 'waiting', reasonParams: null });

    await connectWhatsApp(t, adminA);
    // the reconnection sweeps the due steps first, then lifts the pause: wait for both
    const resumed = await eventually(
      () => latestRun(t, adminA, soon.id),
      (r) => r.steps[0].status === 'sent' && r.pausedReason === null,
    );
    expect(resumed).toMatchObject({ status: 'active', pausedReason: null, pausedReasonCode: null, pausedReasonParams: null });
    expect(sentTo(t, soon.chatId)).toEqual(['Hi Soon, did you get a chance to look at the dress?']);
    await advance(t, HOUR);
    expect(sentTo(t, soon.chatId)).toHaveLength(2);

    // now a run whose step waits 24 hours or more
    await startRun(t, adminA, late.id, template._id);
    await logOut();
    await eventually(
      () => latestRun(t, adminA, late.id),
      (r) => r.pausedReason !== null,
    );
    t.clock.advance(26 * HOUR);
    await connectWhatsApp(t, adminA);
    const expired = await eventually(
      () => latestRun(t, adminA, late.id),
      (r) => r.status === 'expired',
    );
    expect(expired.stopReason).toBe(STEP_TEXTS.runExpired(1, true));
    expect(expired.steps.map((s) => [s.status, s.reason])).toEqual([
      ['expired', STEP_TEXTS.expired(25, true)],
      ['cancelled', STEP_TEXTS.notSentExpired],
    ]);
    expect(expired).toMatchObject({ stopReasonCode: 'expired_disconnected', stopReasonParams: { step: 1, maxHours: 24 } });
    expect(expired.steps.map((s) => [s.reasonCode, s.reasonParams])).toEqual([
      ['expired_disconnected', { hoursLate: 25, maxHours: 24 }],
      ['run_expired', null],
    ]);
    expect(sentTo(t, late.chatId)).toEqual([]);
    expect((await t.api.get(`/chats/${late.id}`, { token: adminA })).body.data.hasActiveFollowUp).toBe(false);
  });
});

describe('who may do what', () => {
  it('another company gets "not found" on every endpoint, and cannot use this company\'s template', async () => {
    const contact = await newContact(t, adminA, 'Private');
    await startRun(t, adminA, contact.id, template._id);
    for (const res of [
      await t.api.post(`/contacts/${contact.id}/follow-up/start`, { templateId: template._id }, { token: adminB }),
      await t.api.post(`/contacts/${contact.id}/follow-up/stop`, undefined, { token: adminB }),
      await t.api.get(`/contacts/${contact.id}/follow-ups`, { token: adminB }),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('Contact not found.');
    }
    expect((await latestRun(t, adminA, contact.id)).status).toBe('active');

    // company B's own contact, company A's template
    await connectWhatsApp(t, adminB);
    const theirs = await newContact(t, adminB, 'Theirs');
    const borrowed = await t.api.post(`/contacts/${theirs.id}/follow-up/start`, { templateId: template._id }, { token: adminB });
    expect(borrowed.status).toBe(404);
    expect(borrowed.body.error).toBe(TEMPLATE_TEXTS.notFound);
    await t.api.post(`/contacts/${contact.id}/follow-up/stop`, undefined, { token: adminA });
  });

  it('a sales user acts only on contacts assigned to them', async () => {
    const contact = await newContact(t, adminA, 'Assigned');
    const assignedTo = (await t.api.get(`/chats/${contact.id}`, { token: adminA })).body.data.assignedTo?._id ?? null;
    for (const [user, token] of [
      [a.sales[0], salesA],
      [a.sales[1], salesA2],
    ] as const) {
      // another's (or nobody's) contact: 403 saying so, not 404
      const expected = assignedTo === user.id ? 200 : 403;
      expect((await t.api.get(`/contacts/${contact.id}/follow-ups`, { token })).status).toBe(expected);
      expect((await t.api.post(`/contacts/${contact.id}/follow-up/start`, { templateId: template._id }, { token })).status).toBe(expected);
      if (expected === 200) expect((await t.api.post(`/contacts/${contact.id}/follow-up/stop`, undefined, { token })).status).toBe(200);
      else expect((await t.api.post(`/contacts/${contact.id}/follow-up/stop`, undefined, { token })).status).toBe(403);
    }
  });

  it('validates the body and needs a signed-in user', async () => {
    const contact = await newContact(t, adminA, 'Body');
    const bad = await t.api.post(`/contacts/${contact.id}/follow-up/start`, { templateId: 'nope' }, { token: adminA });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('Choose a follow-up template.');
    expect((await t.api.post(`/contacts/${contact.id}/follow-up/start`, { templateId: template._id })).status).toBe(401);
    expect((await t.api.post('/dev/follow-ups/advance', { hours: 1 }, { token: salesA })).status).toBe(403);
    await sleep(10);
  });
});
