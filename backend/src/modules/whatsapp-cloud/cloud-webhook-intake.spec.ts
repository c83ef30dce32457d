import { describe, expect, it, vi } from 'vitest';
import type { Database } from '../../platform/db/database.js';
import type { JobQueue } from '../../platform/jobs/job-queue.js';
import { CloudWebhookIntake } from './cloud-webhook-intake.js';
import type { CloudWebhookProcessor, StoredDelivery, WebhookJob } from './cloud-webhook-processor.js';
import type { WhatsAppCloudRepository } from './whatsapp-cloud.repository.js';

const TENANT = '0190d8a4-0000-7000-8000-000000000001';

/** The intake over stand-ins that record each transaction: what it stored and what it queued, committed or not. */
function intakeWith(failWhen: (group: StoredDelivery[]) => boolean = () => false) {
  const transactions: { stored: StoredDelivery[]; jobs: WebhookJob[]; committed: boolean }[] = [];
  let current: (typeof transactions)[number] | undefined;
  const db = {
    tenant: async (_tenantId: string, work: (tx: unknown) => Promise<unknown>) => {
      current = { stored: [], jobs: [], committed: false };
      transactions.push(current);
      await new Promise((r) => setTimeout(r, 5));
      await work({});
      current.committed = true;
    },
  } as unknown as Database;
  const repo = {
    insertWebhookEvents: async (_tx: unknown, _tenantId: string, events: StoredDelivery[]) => {
      if (failWhen(events)) throw new Error('refused');
      current!.stored.push(...events);
    },
  } as unknown as WhatsAppCloudRepository;
  const jobs = { sendInTransaction: async (_tx: unknown, _name: string, data: WebhookJob) => void current!.jobs.push(data) } as unknown as JobQueue;
  const accepted: StoredDelivery[][] = [];
  const processor = { accept: vi.fn((_tenantId: string, deliveries: StoredDelivery[]) => accepted.push(deliveries)) } as unknown as CloudWebhookProcessor;
  return { intake: new CloudWebhookIntake(db, repo, jobs, processor), transactions, accepted };
}

describe('CloudWebhookIntake', () => {
  it('stores deliveries arriving together in one transaction with one recovery job naming them all, and hands them to processing once committed', async () => {
    const { intake, transactions, accepted } = intakeWith();
    await Promise.all(Array.from({ length: 10 }, (_, i) => intake.store(TENANT, '1065', `{"n":${i}}`)));
    expect(transactions).toHaveLength(1);
    expect(transactions[0].committed).toBe(true);
    expect(transactions[0].stored.map((d) => d.body)).toEqual(Array.from({ length: 10 }, (_, i) => `{"n":${i}}`));
    expect(transactions[0].jobs).toEqual([{ tenantId: TENANT, eventIds: transactions[0].stored.map((d) => d.id) }]);
    expect(accepted).toEqual([transactions[0].stored]);
  });

  it('answers each delivery only once its own transaction committed', async () => {
    const { intake, transactions } = intakeWith();
    const first = intake.store(TENANT, '1065', '{"a":1}');
    let answered = false;
    void first.then(() => (answered = true));
    await new Promise((r) => setImmediate(r));
    expect(transactions).toHaveLength(1);
    expect(answered).toBe(false);
    await first;
    expect(transactions[0].committed).toBe(true);
  });

  it('one delivery the database refuses fails alone: the others of its group are stored one by one', async () => {
    const { intake, transactions } = intakeWith((group) => group.some((d) => d.body === 'bad'));
    const results = await Promise.allSettled(['{"a":1}', 'bad', '{"b":2}'].map((body) => intake.store(TENANT, '1065', body)));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(transactions.filter((t) => t.committed).flatMap((t) => t.stored.map((d) => d.body))).toEqual(['{"a":1}', '{"b":2}']);
  });
});
