import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Logger } from '@nestjs/common';
import type { DealCard } from '@crm/common';
import { startTestApp, type TestApp } from '../../../test/test-app.js';
import { seedCompany, signIn, type SeededCompany } from '../../../test/fixtures.js';
import { addLead, moveTo } from '../../../test/crm-fixtures.js';
import { RealtimeEmitter } from '../../platform/realtime/realtime.emitter.js';
import { DealBoardLive } from './deal-board-live.js';
import { DealBoardService } from './deal-board.service.js';

let t: TestApp;
let acme: SeededCompany;
let admin = '';
let pushed: { status: string; card: DealCard | null }[] = [];
let phone = 1011220000;

const live = () => t.app.get(DealBoardLive);

/** A deal of rep 1's, with the pushes of its making already made and forgotten. */
async function newDeal(name: string) {
  const lead = await addLead(t, admin, { name, phone: `0${phone++}`, assignedTo: acme.sales[0].id });
  await moveTo(t, admin, lead._id, 'sales');
  await live().idle();
  pushed = [];
  return lead._id as string;
}

/** A promise the test settles when it chooses. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (err: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

const move = (id: string, status: string) => t.api.patch(`/deals/${id}/status`, { status }, { token: admin });

beforeAll(async () => {
  t = await startTestApp();
  acme = await seedCompany(t, 'acme', { sales: 1 });
  admin = await signIn(t, acme.admin.email);
  vi.spyOn(t.app.get(RealtimeEmitter), 'toContactAudience').mockImplementation((_tenant, _assignee, _event, payload) => {
    const p = payload as { after: { status: string } | null; card: DealCard | null };
    pushed.push({ status: p.after?.status ?? '(gone)', card: p.card });
  });
}, 60_000);
afterEach(() => vi.mocked(t.app.get(DealBoardService).card).mockRestore?.());
afterAll(() => t?.close());

describe('the live push of a move', () => {
  it("answers the mover without waiting for the other boards' push", async () => {
    const id = await newDeal('Quick answer');
    const card = deferred<DealCard | null>();
    const real = t.app.get(DealBoardService).card.bind(t.app.get(DealBoardService));
    vi.spyOn(t.app.get(DealBoardService), 'card').mockImplementation(async (tenantId, contactId) => {
      await card.promise;
      return real(tenantId, contactId);
    });
    // the push is stuck reading the card, yet the move is saved and answered
    const res = await move(id, 'qualified');
    expect(res.status).toBe(200);
    expect(res.body.data.salesData.pipeline_status).toBe('qualified');
    expect(pushed).toEqual([]);
    card.resolve(null);
    await live().idle();
    expect(pushed).toEqual([{ status: 'qualified', card: expect.objectContaining({ _id: id, status: 'qualified' }) }]);
  });

  it("pushes one deal's moves in the order they were made, each with the card as it is then", async () => {
    const id = await newDeal('Two quick moves');
    const first = deferred<void>();
    const service = t.app.get(DealBoardService);
    const real = service.card.bind(service);
    let calls = 0;
    vi.spyOn(service, 'card').mockImplementation(async (tenantId, contactId) => {
      if (calls++ === 0) await first.promise;
      return real(tenantId, contactId);
    });
    expect((await move(id, 'proposal')).status).toBe(200);
    expect((await move(id, 'negotiation')).status).toBe(200);
    // the second push waits behind the first, so no board ends on the older card
    expect(calls).toBe(1);
    first.resolve();
    await live().idle();
    expect(pushed.map((p) => p.status)).toEqual(['proposal', 'negotiation']);
    expect(pushed.at(-1)?.card).toMatchObject({ status: 'negotiation' });
  });

  it('logs a push that fails, and keeps pushing the next changes', async () => {
    const id = await newDeal('Failed push');
    const warn = vi.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    vi.spyOn(t.app.get(DealBoardService), 'card').mockRejectedValueOnce(new Error('database went away'));
    expect((await move(id, 'won')).status).toBe(200);
    expect((await move(id, 'contacted')).status).toBe(200);
    await live().idle();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining(`deal:update for ${id} failed: Error: database went away`));
    expect(pushed.map((p) => p.status)).toEqual(['contacted']);
    warn.mockRestore();
  });
});
