import { Injectable, Logger } from '@nestjs/common';
import { FOLLOW_UP_MAX_LATE_HOURS, followUpDueTimes, type FollowUpRun, type FollowUpRunReasonCode, type FollowUpStepReasonCode, type ListResult } from '@crm/common';
import type { TenantActor } from '../../platform/auth/actor.js';
import { newId } from '../../platform/db/columns.js';
import { Database } from '../../platform/db/database.js';
import type { TenantTx } from '../../platform/db/database.types.js';
import { isUniqueViolation } from '../../platform/db/pg-errors.js';
import { ApiError } from '../../platform/http/api-error.js';
import { JobQueue } from '../../platform/jobs/job-queue.js';
import { RealtimeEmitter } from '../../platform/realtime/realtime.emitter.js';
import { toChatDto } from '../chats/chat.mapper.js';
import { ChatsRepository } from '../chats/chats.repository.js';
import { assertCanSeeContact } from '../contacts/contact-access.js';
import { ContactsRepository } from '../contacts/contacts.repository.js';
import { FollowUpTime } from './follow-up-time.js';
import { toRunDto } from './follow-up.mapper.js';
import { TEMPLATE_TEXTS } from './follow-up-templates.service.js';
import { FollowUpTemplatesRepository } from './follow-up-templates.repository.js';
import { FollowUpsRepository, storedReason, type StoredReason } from './follow-ups.repository.js';
import type { FollowUpRunRow } from './follow-ups.table.js';

/** The pg-boss queue of step jobs: one job per step, woken at its due time (see FollowUpScheduler). */
export const FOLLOW_UP_STEP_QUEUE = 'follow-up-step';
export type FollowUpStepJob = { tenantId: string; stepId: string };

export const RUN_TEXTS = {
  alreadyActive: 'This contact already has an active follow-up sequence. Stop it before starting another.',
  noActive: 'This contact has no active follow-up sequence.',
  replied: 'The contact replied.',
  notSentReplied: 'Not sent: the contact replied.',
  stoppedBy: (name: string) => `Stopped by ${name}.`,
  notSentStopped: (name: string) => `Not sent: stopped by ${name}.`,
  optedOut: 'The contact opted out of automated messages.',
  notSentOptedOut: 'Not sent: the contact opted out.',
  paused: `WhatsApp is disconnected (it needs a new QR scan). Steps due meanwhile are sent when it reconnects, if less than ${FOLLOW_UP_MAX_LATE_HOURS} hours late.`,
} as const;

const runReason = (code: FollowUpRunReasonCode, text: string, params: StoredReason['params'] = null) => storedReason(code, text, params);
const stepReason = (code: FollowUpStepReasonCode, text: string, params: StoredReason['params'] = null) => storedReason(code, text, params);

/** RUN_TEXTS as stored: the English with its code and parameters (common/follow-ups/follow-up-reasons.ts). */
export const RUN_REASONS = {
  replied: runReason('replied', RUN_TEXTS.replied),
  notSentReplied: stepReason('replied', RUN_TEXTS.notSentReplied),
  stoppedBy: (name: string) => runReason('stopped_by', RUN_TEXTS.stoppedBy(name), { name }),
  notSentStopped: (name: string) => stepReason('stopped_by', RUN_TEXTS.notSentStopped(name), { name }),
  paused: runReason('paused', RUN_TEXTS.paused, { maxHours: FOLLOW_UP_MAX_LATE_HOURS }),
  optedOut: runReason('opted_out', RUN_TEXTS.optedOut),
  notSentOptedOut: stepReason('opted_out', RUN_TEXTS.notSentOptedOut),
};

export type RunOutcome = {
  status: 'completed' | 'stopped' | 'expired';
  stopReason: StoredReason | null;
  /** What happens to the steps that have not gone out. */
  openSteps?: { status: 'cancelled' | 'expired'; reason: StoredReason };
};

/**
 * Follow-up sequences of contacts: start (one active per contact), stop, the log, and how a run
 * ends (stopped, the contact replied, completed, expired). The timing lives in FollowUpScheduler.
 * Who may act: anyone who can see the contact (admins: all, sales users: their assigned ones).
 */
@Injectable()
export class FollowUpsService {
  private readonly logger = new Logger('FollowUps');

  constructor(
    private readonly db: Database,
    private readonly repo: FollowUpsRepository,
    private readonly templates: FollowUpTemplatesRepository,
    private readonly contacts: ContactsRepository,
    private readonly chats: ChatsRepository,
    private readonly jobs: JobQueue,
    private readonly realtime: RealtimeEmitter,
    private readonly time: FollowUpTime,
  ) {}

  async list(actor: TenantActor, contactId: string): Promise<ListResult<FollowUpRun>> {
    const runs = await this.db.tenant(actor.tenantId, async (tx) => {
      assertCanSeeContact(actor, await this.chats.findContact(tx, actor.tenantId, contactId));
      return this.runsOf(tx, actor.tenantId, contactId);
    });
    return { items: runs, total: runs.length };
  }

  /**
   * Starts the template's sequence for the contact: the run, its steps with their due times (step k
   * `delay_k` hours after step k-1), and one pg-boss job per step, all in one transaction.
   */
  async start(actor: TenantActor, contactId: string, templateId: string): Promise<FollowUpRun> {
    const { tenantId } = actor;
    const now = this.time.now();
    const runId = await this.db
      .tenant(tenantId, async (tx) => {
        assertCanSeeContact(actor, await this.chats.findContact(tx, tenantId, contactId));
        const template = await this.templates.findTemplate(tx, tenantId, templateId);
        if (!template) throw ApiError.notFound(TEMPLATE_TEXTS.notFound).withCode('template.not_found');
        if (await this.repo.activeRun(tx, tenantId, contactId)) throw ApiError.conflict(RUN_TEXTS.alreadyActive).withCode('follow_up.already_active');
        const run = await this.repo.insertRun(tx, {
          tenantId,
          contactId,
          templateId: template.id,
          templateName: template.name,
          steps: template.steps,
          whatsappTemplate: template.whatsappTemplate ?? null,
          status: 'active',
          startedBy: actor.userId,
          startedAt: now,
          createdAt: now,
          updatedAt: now,
        });
        const due = followUpDueTimes(
          now,
          template.steps.map((s) => s.delay),
        );
        const steps = await this.repo.insertSteps(
          tx,
          template.steps.map((s, i) => ({
            tenantId,
            runId: run.id,
            stepIndex: i,
            delayHours: s.delay,
            message: s.message,
            dueAt: due[i],
            status: 'scheduled',
            jobId: newId(),
          })),
        );
        for (const step of steps) {
          // in this transaction: the job exists exactly when the step does
          await this.jobs.sendInTransaction(tx, FOLLOW_UP_STEP_QUEUE, { tenantId, stepId: step.id } satisfies FollowUpStepJob, {
            id: step.jobId!,
            singletonKey: step.id,
            startAfter: Math.max(1, Math.ceil((step.dueAt.getTime() - now.getTime()) / 1000)),
          });
        }
        await this.contacts.setHasActiveFollowUp(tx, tenantId, contactId, true);
        return run.id;
      })
      .catch((err: unknown) => {
        if (isUniqueViolation(err, 'follow_up_runs_one_active_per_contact')) throw ApiError.conflict(RUN_TEXTS.alreadyActive).withCode('follow_up.already_active');
        throw err;
      });
    await this.pushChat(tenantId, contactId);
    return this.runDto(tenantId, contactId, runId);
  }

  /** Stops the contact's active sequence: steps not sent yet are cancelled. */
  async stop(actor: TenantActor, contactId: string): Promise<FollowUpRun> {
    const { tenantId } = actor;
    const { runId, jobIds } = await this.db.tenant(tenantId, async (tx) => {
      assertCanSeeContact(actor, await this.chats.findContact(tx, tenantId, contactId));
      const run = await this.repo.activeRun(tx, tenantId, contactId, { forUpdate: true });
      if (!run) throw ApiError.conflict(RUN_TEXTS.noActive).withCode('follow_up.none_active');
      const jobs = await this.endInTx(tx, run, {
        status: 'stopped',
        stopReason: RUN_REASONS.stoppedBy(actor.name),
        openSteps: { status: 'cancelled', reason: RUN_REASONS.notSentStopped(actor.name) },
      });
      return { runId: run.id, jobIds: jobs ?? [] };
    });
    await this.afterEnd(tenantId, contactId, jobIds);
    return this.runDto(tenantId, contactId, runId);
  }

  /**
   * The contact wrote back: their running sequence stops (nothing more goes out). Only a run started
   * before the reply was stored: ids are UUID v7 (time-ordered), so a sequence started a moment
   * after the reply, while this handler was on its way, keeps running.
   */
  async stopForReply(tenantId: string, contactId: string, messageId: string): Promise<boolean> {
    return (await this.stopForReplies(tenantId, new Map([[contactId, messageId]]))).includes(contactId);
  }

  /**
   * stopForReply for many contacts in one transaction (a batch of inbound messages): `replies` maps
   * each contact to its newest reply's id. Returns the contacts whose sequence stopped.
   */
  async stopForReplies(tenantId: string, replies: ReadonlyMap<string, string>): Promise<string[]> {
    const ended = await this.db.tenant(tenantId, async (tx) => {
      const out: { contactId: string; jobIds: string[] }[] = [];
      for (const run of await this.repo.activeRunsForUpdate(tx, tenantId, [...replies.keys()])) {
        if (run.id > replies.get(run.contactId)!) continue;
        const jobIds = await this.endInTx(tx, run, { status: 'stopped', stopReason: RUN_REASONS.replied, openSteps: { status: 'cancelled', reason: RUN_REASONS.notSentReplied } });
        if (jobIds) out.push({ contactId: run.contactId, jobIds });
      }
      return out;
    });
    for (const { contactId, jobIds } of ended) await this.afterEnd(tenantId, contactId, jobIds);
    return ended.map((e) => e.contactId);
  }

  /** The contact opted out: their running sequence stops, its steps not sent with that reason. */
  async stopForOptOut(tenantId: string, contactId: string): Promise<boolean> {
    const ended = await this.db.tenant(tenantId, async (tx) => {
      const [run] = await this.repo.activeRunsForUpdate(tx, tenantId, [contactId]);
      if (!run) return null;
      return this.endInTx(tx, run, { status: 'stopped', stopReason: RUN_REASONS.optedOut, openSteps: { status: 'cancelled', reason: RUN_REASONS.notSentOptedOut } });
    });
    if (ended) await this.afterEnd(tenantId, contactId, ended);
    return !!ended;
  }

  /**
   * Ends an active run inside the caller's transaction: the run's status and reason, its open steps,
   * and the contact's hasActiveFollowUp. Returns the cancelled steps' job ids, or null when the run
   * was no longer active (another path ended it first).
   */
  async endInTx(tx: TenantTx, run: Pick<FollowUpRunRow, 'id' | 'tenantId' | 'contactId'>, outcome: RunOutcome): Promise<string[] | null> {
    const contactId = await this.repo.endRun(tx, run.tenantId, run.id, { status: outcome.status, stopReason: outcome.stopReason, endedAt: this.time.now() });
    if (!contactId) return null;
    const jobIds = outcome.openSteps ? await this.repo.cancelOpenSteps(tx, run.tenantId, run.id, outcome.openSteps.status, outcome.openSteps.reason) : [];
    // the run's contact as it is now: one read before a merge moved the run names a deleted contact
    await this.contacts.setHasActiveFollowUp(tx, run.tenantId, contactId, false);
    return jobIds;
  }

  /** After a run ended: its queued jobs are cancelled (tidiness: handlers re-check anyway) and the chat shows it. */
  async afterEnd(tenantId: string, contactId: string, jobIds: string[]) {
    await this.jobs.cancel(FOLLOW_UP_STEP_QUEUE, jobIds);
    await this.pushChat(tenantId, contactId);
  }

  /** The tenant's WhatsApp needs a new QR scan (null: it is back): shown on its running sequences. */
  async setPaused(tenantId: string, reason: StoredReason | null) {
    const changed = await this.db.tenant(tenantId, (tx) => this.repo.setPaused(tx, tenantId, reason));
    if (changed) this.logger.log(`${changed} follow-up sequence(s) of ${tenantId} ${reason ? 'paused: WhatsApp is disconnected' : 'resumed'}`);
  }

  /** `chat:update`, so an open chat panel sees hasActiveFollowUp change. */
  async pushChat(tenantId: string, contactId: string) {
    try {
      const row = await this.db.tenant(tenantId, (tx) => this.chats.findChat(tx, tenantId, contactId));
      if (row) this.realtime.toContactAudience(tenantId, row.assigned_to, 'chat:update', toChatDto(row));
    } catch (err) {
      this.logger.warn(`chat:update for ${contactId} failed: ${err}`);
    }
  }

  private async runDto(tenantId: string, contactId: string, runId: string): Promise<FollowUpRun> {
    const runs = await this.db.tenant(tenantId, (tx) => this.runsOf(tx, tenantId, contactId));
    const run = runs.find((r) => r._id === runId);
    if (!run) throw ApiError.notFound('Contact not found.').withCode('contact.not_found');
    return run;
  }

  private async runsOf(tx: TenantTx, tenantId: string, contactId: string): Promise<FollowUpRun[]> {
    const runs = await this.repo.runsOfContact(tx, tenantId, contactId);
    const steps = await this.repo.stepsOfRuns(
      tx,
      tenantId,
      runs.map((r) => r.id),
    );
    return runs.map((r) => toRunDto(r, steps));
  }
}
