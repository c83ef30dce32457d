import { Injectable } from '@nestjs/common';
import type { FollowUpWhatsAppTemplate, ReasonParams } from '@crm/common';
import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { PlatformTx, TenantTx } from '../../platform/db/database.types.js';
import { users } from '../users/users.table.js';
import { followUpRuns, followUpSteps, type FollowUpRunRow, type FollowUpStepRow } from './follow-ups.table.js';
import { newestFirst } from '../../platform/db/order.js';

const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

export type RunRecord = FollowUpRunRow & { starterName: string | null };
/** A step with what sending it needs: its run's state and the contact. */
export type StepWork = FollowUpStepRow & {
  runStatus: string;
  /** False while the company is suspended: its steps wait. */
  tenantActive: boolean;
  runPausedReason: string | null;
  /** The WhatsApp template the run sends outside the official API's 24-hour window (null: such a step is skipped). */
  runWhatsAppTemplate: FollowUpWhatsAppTemplate | null;
  contactId: string;
  contactName: string | null;
  /** The contact opted out of automated messages: the step is not sent. */
  contactOptedOut: boolean;
  stepCount: number;
};
export type DueStep = { id: string; tenantId: string; runId: string; dueAt: Date };

const OPEN = ['scheduled', 'sending'];

/**
 * A reason as stored: the English text (the API's `reason`, `stopReason`, `pausedReason`) and the
 * code with its parameters that the renderer words in the user's language (common/follow-ups/follow-up-reasons.ts).
 */
export type StoredReason = { text: string; code: string; params: ReasonParams | null };
export const storedReason = (code: string, text: string, params: ReasonParams | null = null): StoredReason => ({ text, code, params });

const stepReason = (r: StoredReason | null | undefined) => (r === undefined ? {} : { reason: r?.text ?? null, reasonCode: r?.code ?? null, reasonParams: r?.params ?? null });
const stopReason = (r: StoredReason | null) => ({ stopReason: r?.text ?? null, stopReasonCode: r?.code ?? null, stopReasonParams: r?.params ?? null });
const pausedReason = (r: StoredReason | null) => ({ pausedReason: r?.text ?? null, pausedReasonCode: r?.code ?? null, pausedReasonParams: r?.params ?? null });

/** What a delivery report writes on a step. */
export type DeliveryPatch = { status: 'sent' | 'failed' | 'unknown'; sentAt?: Date | null; reason: StoredReason | null };

/** SQL of follow-up runs and their step log (the templates: FollowUpTemplatesRepository). */
@Injectable()
export class FollowUpsRepository {
  // ------------------------------------------------------------------ runs

  /** A contact merged into another (one person, one contact): what this module keeps of it follows. */
  async moveToContact(tx: TenantTx, tenantId: string, fromId: string, intoId: string): Promise<void> {
    // one active sequence per contact: the merged contact's active one stays behind (and goes with it) when the other has one
    await tx.execute(sql`
      update follow_up_runs f set contact_id = ${intoId}
      where f.tenant_id = ${tenantId} and f.contact_id = ${fromId}
        and (f.status <> 'active' or not exists (select 1 from follow_up_runs r where r.tenant_id = ${tenantId} and r.contact_id = ${intoId} and r.status = 'active'))`);
  }

  async insertRun(tx: TenantTx, row: typeof followUpRuns.$inferInsert): Promise<FollowUpRunRow> {
    const [created] = await tx.insert(followUpRuns).values(row).returning();
    return created;
  }

  async insertSteps(tx: TenantTx, steps: (typeof followUpSteps.$inferInsert)[]): Promise<FollowUpStepRow[]> {
    return tx.insert(followUpSteps).values(steps).returning();
  }

  async setStepJob(tx: TenantTx, tenantId: string, stepId: string, jobId: string | null): Promise<void> {
    await tx
      .update(followUpSteps)
      .set({ jobId })
      .where(and(eq(followUpSteps.tenantId, tenantId), eq(followUpSteps.id, stepId)));
  }

  async activeRun(tx: TenantTx, tenantId: string, contactId: string, options: { forUpdate?: boolean } = {}): Promise<FollowUpRunRow | undefined> {
    const query = tx
      .select()
      .from(followUpRuns)
      .where(and(eq(followUpRuns.tenantId, tenantId), eq(followUpRuns.contactId, contactId), eq(followUpRuns.status, 'active')))
      .limit(1);
    const [row] = options.forUpdate ? await query.for('update') : await query;
    return row;
  }

  /** The active runs of these contacts, locked, in contact order (one order for every locker: no deadlocks). */
  async activeRunsForUpdate(tx: TenantTx, tenantId: string, contactIds: string[]): Promise<FollowUpRunRow[]> {
    if (!contactIds.length) return [];
    return tx
      .select()
      .from(followUpRuns)
      .where(and(eq(followUpRuns.tenantId, tenantId), inArray(followUpRuns.contactId, contactIds), eq(followUpRuns.status, 'active')))
      .orderBy(asc(followUpRuns.contactId))
      .for('update');
  }

  async findRun(tx: TenantTx, tenantId: string, runId: string, options: { forUpdate?: boolean } = {}): Promise<FollowUpRunRow | undefined> {
    const query = tx
      .select()
      .from(followUpRuns)
      .where(and(eq(followUpRuns.tenantId, tenantId), eq(followUpRuns.id, runId)))
      .limit(1);
    const [row] = options.forUpdate ? await query.for('update') : await query;
    return row;
  }

  async runsOfContact(tx: TenantTx, tenantId: string, contactId: string): Promise<RunRecord[]> {
    return tx
      .select({
        id: followUpRuns.id,
        tenantId: followUpRuns.tenantId,
        contactId: followUpRuns.contactId,
        templateId: followUpRuns.templateId,
        templateName: followUpRuns.templateName,
        steps: followUpRuns.steps,
        whatsappTemplate: followUpRuns.whatsappTemplate,
        status: followUpRuns.status,
        stopReason: followUpRuns.stopReason,
        stopReasonCode: followUpRuns.stopReasonCode,
        stopReasonParams: followUpRuns.stopReasonParams,
        pausedReason: followUpRuns.pausedReason,
        pausedReasonCode: followUpRuns.pausedReasonCode,
        pausedReasonParams: followUpRuns.pausedReasonParams,
        startedBy: followUpRuns.startedBy,
        startedAt: followUpRuns.startedAt,
        endedAt: followUpRuns.endedAt,
        createdAt: followUpRuns.createdAt,
        updatedAt: followUpRuns.updatedAt,
        starterName: users.name,
      })
      .from(followUpRuns)
      .leftJoin(users, eq(users.id, followUpRuns.startedBy))
      .where(and(eq(followUpRuns.tenantId, tenantId), eq(followUpRuns.contactId, contactId)))
      .orderBy(newestFirst(followUpRuns.startedAt), newestFirst(followUpRuns.id));
  }

  async stepsOfRuns(tx: TenantTx, tenantId: string, runIds: string[]): Promise<FollowUpStepRow[]> {
    if (!runIds.length) return [];
    return tx
      .select()
      .from(followUpSteps)
      .where(and(eq(followUpSteps.tenantId, tenantId), inArray(followUpSteps.runId, runIds)))
      .orderBy(asc(followUpSteps.runId), asc(followUpSteps.stepIndex));
  }

  /**
   * Ends an active run; returns the contact it belongs to now (a merge may have moved it since the
   * caller read it), or null when it was no longer active (another path ended it first).
   */
  async endRun(tx: TenantTx, tenantId: string, runId: string, patch: { status: 'completed' | 'stopped' | 'expired'; stopReason: StoredReason | null; endedAt: Date }): Promise<string | null> {
    const [ended] = await tx
      .update(followUpRuns)
      .set({ status: patch.status, endedAt: patch.endedAt, ...stopReason(patch.stopReason), ...pausedReason(null) })
      .where(and(eq(followUpRuns.tenantId, tenantId), eq(followUpRuns.id, runId), eq(followUpRuns.status, 'active')))
      .returning({ contactId: followUpRuns.contactId });
    return ended?.contactId ?? null;
  }

  /** Cancels the run's steps that have not started; returns their pg-boss job ids. */
  async cancelOpenSteps(tx: TenantTx, tenantId: string, runId: string, status: 'cancelled' | 'expired', reason: StoredReason): Promise<string[]> {
    const cancelled = await tx
      .update(followUpSteps)
      .set({ status, ...stepReason(reason) })
      .where(and(eq(followUpSteps.tenantId, tenantId), eq(followUpSteps.runId, runId), eq(followUpSteps.status, 'scheduled')))
      .returning({ jobId: followUpSteps.jobId });
    return cancelled.map((r) => r.jobId).filter((id): id is string => !!id);
  }

  async setPaused(tx: TenantTx, tenantId: string, reason: StoredReason | null): Promise<number> {
    const changed = await tx
      .update(followUpRuns)
      .set(pausedReason(reason))
      .where(and(eq(followUpRuns.tenantId, tenantId), eq(followUpRuns.status, 'active')))
      .returning({ id: followUpRuns.id });
    return changed.length;
  }

  /** The contacts whose sequences are running (to refresh their chats). */
  async activeContactIds(tx: TenantTx, tenantId: string): Promise<string[]> {
    const found = await tx
      .select({ contactId: followUpRuns.contactId })
      .from(followUpRuns)
      .where(and(eq(followUpRuns.tenantId, tenantId), eq(followUpRuns.status, 'active')));
    return found.map((r) => r.contactId);
  }

  // ------------------------------------------------------------------ steps (the scheduler)

  async stepWork(tx: TenantTx, tenantId: string, stepId: string): Promise<StepWork | undefined> {
    const [row] = rows<Record<string, unknown>>(
      await tx.execute(sql`
        select s.*, r.status as run_status, r.paused_reason as run_paused_reason, r.whatsapp_template as run_whatsapp_template, r.contact_id, c.name as contact_name, c.opted_out_at is not null as contact_opted_out,
               (select t.is_active from tenants t where t.id = s.tenant_id) as tenant_active,
               (select count(*)::int from follow_up_steps x where x.run_id = s.run_id) as step_count
        from follow_up_steps s
        join follow_up_runs r on r.id = s.run_id
        join contacts c on c.id = r.contact_id
        where s.tenant_id = ${tenantId} and s.id = ${stepId}`),
    );
    if (!row) return undefined;
    return {
      id: row.id as string,
      tenantId: row.tenant_id as string,
      runId: row.run_id as string,
      stepIndex: Number(row.step_index),
      delayHours: Number(row.delay_hours),
      message: row.message as string,
      dueAt: toDate(row.due_at)!,
      status: row.status as string,
      claimedAt: toDate(row.claimed_at),
      sentAt: toDate(row.sent_at),
      messageId: (row.message_id as string | null) ?? null,
      reason: (row.reason as string | null) ?? null,
      reasonCode: (row.reason_code as string | null) ?? null,
      reasonParams: (row.reason_params as ReasonParams | null) ?? null,
      jobId: (row.job_id as string | null) ?? null,
      createdAt: toDate(row.created_at)!,
      updatedAt: toDate(row.updated_at)!,
      runStatus: row.run_status as string,
      runPausedReason: (row.run_paused_reason as string | null) ?? null,
      runWhatsAppTemplate: (row.run_whatsapp_template as FollowUpWhatsAppTemplate | null) ?? null,
      contactId: row.contact_id as string,
      contactName: (row.contact_name as string | null) ?? null,
      contactOptedOut: row.contact_opted_out === true,
      tenantActive: row.tenant_active !== false,
      stepCount: Number(row.step_count),
    };
  }

  /** Whether an earlier step of the run has not gone out yet (steps leave in order). */
  async hasEarlierOpenStep(tx: TenantTx, tenantId: string, runId: string, stepIndex: number): Promise<boolean> {
    const [row] = await tx
      .select({ id: followUpSteps.id })
      .from(followUpSteps)
      .where(and(eq(followUpSteps.tenantId, tenantId), eq(followUpSteps.runId, runId), lt(followUpSteps.stepIndex, stepIndex), inArray(followUpSteps.status, OPEN)))
      .limit(1);
    return !!row;
  }

  /**
   * The claim: `scheduled → sending`, or taking over a `sending` step whose claim went stale (its
   * sender died). One conditional UPDATE: when two instances race, PostgreSQL makes the second
   * wait for the first's row lock and re-check the condition, which then fails.
   */
  async claimStep(tx: TenantTx, tenantId: string, stepId: string, now: Date, staleBefore: Date): Promise<boolean> {
    const claimed = rows<{ id: string }>(
      await tx.execute(sql`
        update follow_up_steps set status = 'sending', claimed_at = ${ts(now)}, reason = null, reason_code = null, reason_params = null, updated_at = ${ts(now)}
        where tenant_id = ${tenantId} and id = ${stepId}
          and (status = 'scheduled' or (status = 'sending' and claimed_at < ${ts(staleBefore)}))
          and exists (select 1 from follow_up_runs r where r.id = follow_up_steps.run_id and r.status = 'active')
        returning id`),
    );
    return claimed.length > 0;
  }

  /** Records the outcome of a send (only on a step still `sending`: a finished step keeps its log). */
  async finishStep(
    tx: TenantTx,
    tenantId: string,
    stepId: string,
    patch: { status: 'sent' | 'failed' | 'unknown' | 'cancelled' | 'sending' | 'skipped'; sentAt?: Date | null; messageId?: string | null; reason?: StoredReason | null },
  ): Promise<boolean> {
    const { reason, ...rest } = patch;
    const done = await tx
      .update(followUpSteps)
      .set({ ...rest, ...stepReason(reason) })
      .where(and(eq(followUpSteps.tenantId, tenantId), eq(followUpSteps.id, stepId), eq(followUpSteps.status, 'sending')))
      .returning({ id: followUpSteps.id });
    return done.length > 0;
  }

  /** A later delivery report of a step's message (a retry from the chat): sent, failed or unknown. */
  async updateStepByMessage(tx: TenantTx, tenantId: string, messageId: string, patch: DeliveryPatch): Promise<void> {
    const { reason, ...rest } = patch;
    await tx
      .update(followUpSteps)
      .set({ ...rest, ...stepReason(reason) })
      .where(and(eq(followUpSteps.tenantId, tenantId), eq(followUpSteps.messageId, messageId), inArray(followUpSteps.status, ['sending', 'sent', 'failed', 'unknown'])));
  }

  /**
   * The delivery report of a step still `sending`: found by its message, or by its own id when the
   * process that claimed it stopped before recording the message (the message's idempotency key
   * names the step). Returns the step's run when it was finished here.
   */
  async finishSendingStepByMessage(tx: TenantTx, tenantId: string, messageId: string, stepId: string | null, patch: DeliveryPatch): Promise<{ runId: string } | undefined> {
    const { reason, ...rest } = patch;
    const [row] = await tx
      .update(followUpSteps)
      .set({ ...rest, ...stepReason(reason), messageId })
      .where(
        and(
          eq(followUpSteps.tenantId, tenantId),
          eq(followUpSteps.status, 'sending'),
          or(eq(followUpSteps.messageId, messageId), stepId ? and(eq(followUpSteps.id, stepId), isNull(followUpSteps.messageId)) : undefined),
        ),
      )
      .returning({ runId: followUpSteps.runId });
    return row;
  }

  /** A note on a waiting step (why it has not gone out yet); the step stays scheduled. */
  async noteStep(tx: TenantTx, tenantId: string, stepId: string, reason: StoredReason): Promise<void> {
    await tx
      .update(followUpSteps)
      .set(stepReason(reason))
      .where(and(eq(followUpSteps.tenantId, tenantId), eq(followUpSteps.id, stepId), eq(followUpSteps.status, 'scheduled')));
  }

  async expireStep(tx: TenantTx, tenantId: string, stepId: string, reason: StoredReason): Promise<boolean> {
    const done = await tx
      .update(followUpSteps)
      .set({ status: 'expired', ...stepReason(reason) })
      .where(and(eq(followUpSteps.tenantId, tenantId), eq(followUpSteps.id, stepId), eq(followUpSteps.status, 'scheduled')))
      .returning({ id: followUpSteps.id });
    return done.length > 0;
  }

  /** Whether any step of the run is still to go out. */
  async runHasOpenSteps(tx: TenantTx, tenantId: string, runId: string): Promise<boolean> {
    const [row] = await tx
      .select({ id: followUpSteps.id })
      .from(followUpSteps)
      .where(and(eq(followUpSteps.tenantId, tenantId), eq(followUpSteps.runId, runId), inArray(followUpSteps.status, OPEN)))
      .limit(1);
    return !!row;
  }

  /**
   * Open steps of active runs that need the scheduler, across tenants (platform path: the sweep
   * starts without a tenant): scheduled and due by `now`, or `sending` with a stale claim.
   * `tenantIds` limits it to tenants this instance can send for.
   */
  async dueSteps(tx: PlatformTx, filter: { now: Date; staleBefore: Date; tenantIds: string[]; limit: number }): Promise<DueStep[]> {
    if (!filter.tenantIds.length) return [];
    const found = rows<{ id: string; tenant_id: string; run_id: string; due_at: Date | string }>(
      await tx.execute(sql`
        select s.id, s.tenant_id, s.run_id, s.due_at from follow_up_steps s
        join follow_up_runs r on r.id = s.run_id and r.status = 'active'
        where s.status in ('scheduled', 'sending') and s.due_at <= ${ts(filter.now)}
          and (s.status = 'scheduled' or s.claimed_at < ${ts(filter.staleBefore)})
          and s.tenant_id in (${sql.join(
            filter.tenantIds.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})
        order by s.due_at, s.step_index
        limit ${filter.limit}`),
    );
    return found.map((r) => ({ id: r.id, tenantId: r.tenant_id, runId: r.run_id, dueAt: toDate(r.due_at)! }));
  }

  /** Scheduled steps of active runs that became too late to send (due before `before`), in any tenant. */
  async expiredSteps(tx: PlatformTx, before: Date, limit: number): Promise<DueStep[]> {
    const found = rows<{ id: string; tenant_id: string; run_id: string; due_at: Date | string }>(
      await tx.execute(sql`
        select s.id, s.tenant_id, s.run_id, s.due_at from follow_up_steps s
        join follow_up_runs r on r.id = s.run_id and r.status = 'active'
        where s.status = 'scheduled' and s.due_at < ${ts(before)}
        order by s.due_at
        limit ${limit}`),
    );
    return found.map((r) => ({ id: r.id, tenantId: r.tenant_id, runId: r.run_id, dueAt: toDate(r.due_at)! }));
  }
}

/** A timestamp parameter of raw SQL, the same on node-postgres and PGlite. */
const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

function toDate(v: unknown): Date | null {
  if (v === null || v === undefined) return null;
  return v instanceof Date ? v : new Date(String(v));
}
