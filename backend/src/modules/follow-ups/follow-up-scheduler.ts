/*
 * When follow-up steps go out, and that each goes out exactly once.
 *
 * - Truth: the follow_up_steps rows. Each step's due time is fixed when the run starts (step k is
 *   due delay_k hours after step k-1 was due), from FollowUpTime = the app Clock (+ a demo-only
 *   offset). A step moves scheduled → sending → sent | failed, or to cancelled / expired.
 * - Timing: each step is also a pg-boss job (queue `follow-up-step`, singletonKey = step id),
 *   enqueued in the transaction that creates the run, with startAfter = the seconds until it is
 *   due. In production pg-boss wakes a worker, in whichever instance, at that moment. The handler
 *   trusts nothing in the job: it re-reads the step and acts only if the run is active, the step is
 *   scheduled and due by FollowUpTime.now(), and this instance holds the tenant's connected
 *   WhatsApp session (sessions live in one process).
 * - Catch-up sweep: every FOLLOW_UP_SWEEP_SECONDS (30 s), when a tenant's WhatsApp connects, at
 *   start-up and from the demo clock hook, each instance asks "which scheduled steps are due by
 *   FollowUpTime.now()?" for the tenants whose WhatsApp it holds, and runs them through the same
 *   path. This covers a job that fired while WhatsApp was down or on another instance, clock skew
 *   between the app and the database, and tests: pg-boss compares start_after with the database's
 *   now(), which a test cannot move, so tests move the ManualClock and call sweep().
 * - Exactly once: the claim is one conditional UPDATE (`scheduled → sending`, or a `sending` step
 *   whose claim is older than the lease, i.e. its sender died). Two instances racing for a step:
 *   PostgreSQL makes the second wait for the first's row lock and re-check the condition, which no
 *   longer holds. The send then uses `follow-up:<step id>` as the message's idempotency key
 *   (messages.client_id, unique per tenant), so even a takeover after a crash between claim and
 *   record finds the message already stored instead of sending a second one. A restart therefore
 *   loses nothing (rows and jobs are in PostgreSQL) and repeats nothing.
 * - Stops: the contact replies ('message.inbound'), someone stops it, or the contact is deleted
 *   (the rows cascade away; a job that still fires finds nothing). While the tenant's WhatsApp is
 *   logged out / needs a QR scan ('whatsapp.down') steps wait; on reconnection those less than 24 h
 *   late are sent, a step 24 h late or more ends the run 'expired' with the reason in its log.
 * - Suspended company: the same rule. Suspension stops its WhatsApp session (and a step that still
 *   fires waits, noted 'the company is suspended'); re-activation restarts the session, whose
 *   connection sweeps: steps less than 24 h late go out in order at the usual automated pace, and
 *   a step 24 h late or more ends its run 'expired' (a late burst of stale messages is worse than
 *   none). Due times are not shifted by the suspension.
 */
import { Inject, Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap, type OnModuleInit } from '@nestjs/common';
import { FOLLOW_UP_MAX_LATE_HOURS, followUpHoursLate, isFollowUpStepExpired, renderFollowUpMessage, type FollowUpRunReasonCode, type FollowUpStepReasonCode, type Message } from '@crm/common';
import { Database } from '../../platform/db/database.js';
import { isUuid } from '../../platform/db/columns.js';
import { JobQueue } from '../../platform/jobs/job-queue.js';
import { DomainEvents } from '../../platform/events/domain-events.js';
import '../contacts/contact-events.js';
import { OutboundMessagesService } from '../messages/outbound-messages.service.js';
import { MessengerEvents, type MessengerEventMap } from '../whatsapp/messenger-events.js';
import { WhatsAppSessionsService } from '../whatsapp/whatsapp-sessions.service.js';
import { FOLLOW_UP_OPTIONS, type FollowUpOptions } from './follow-up-options.js';
import { FollowUpTime } from './follow-up-time.js';
import { FollowUpWindow } from './follow-up-window.js';
import { FollowUpsRepository, storedReason, type DeliveryPatch, type DueStep, type StepWork, type StoredReason } from './follow-ups.repository.js';
import { FOLLOW_UP_STEP_QUEUE, FollowUpsService, RUN_REASONS, type FollowUpStepJob } from './follow-ups.service.js';

const HOUR = 3_600_000;
/** A step's message idempotency key is this prefix and the step id. */
const STEP_CLIENT_ID_PREFIX = 'follow-up:';
/** WhatsApp states in which steps wait for a reconnection (a plain drop reconnects by itself). */
const PAUSING_STATES = new Set(['needs_qr', 'not_configured']);

export const STEP_TEXTS = {
  waiting: 'Waiting for WhatsApp to be connected.',
  suspended: 'Waiting: the company is suspended.',
  expired: (hoursLate: number, paused: boolean) =>
    `Not sent: ${hoursLate} hours late${paused ? ' (WhatsApp was disconnected)' : ''}. Steps are not sent ${FOLLOW_UP_MAX_LATE_HOURS} hours or more after their time.`,
  runExpired: (step: number, paused: boolean) => `Step ${step} could not be sent within ${FOLLOW_UP_MAX_LATE_HOURS} hours of its time${paused ? ' because WhatsApp was disconnected' : ''}.`,
  notSentExpired: 'Not sent: the sequence expired.',
  failed: (error: string | null) => `Failed: ${error ?? 'WhatsApp did not accept the message.'}`,
  unknown: (error: string | null) => `${error ?? 'Not sure this was delivered.'} Not sent again automatically: check the chat and retry it there if the contact did not get it.`,
  windowClosed: 'Skipped: the 24-hour WhatsApp window was closed and this sequence names no WhatsApp template.',
} as const;

const stepReason = (code: FollowUpStepReasonCode, text: string, params: StoredReason['params'] = null) => storedReason(code, text, params);
const runReason = (code: FollowUpRunReasonCode, text: string, params: StoredReason['params'] = null) => storedReason(code, text, params);
/** The failed or unknown message's own error code, for the step's reason (the renderer words it inside the step's text). */
const errorParams = (errorCode: string | null | undefined) => (errorCode ? { error: errorCode } : null);

/** STEP_TEXTS as stored: the English with its code and parameters (common/follow-ups/follow-up-reasons.ts). */
export const STEP_REASONS = {
  waiting: stepReason('waiting', STEP_TEXTS.waiting),
  suspended: stepReason('suspended', STEP_TEXTS.suspended),
  expired: (hoursLate: number, paused: boolean) => stepReason(paused ? 'expired_disconnected' : 'expired', STEP_TEXTS.expired(hoursLate, paused), { hoursLate, maxHours: FOLLOW_UP_MAX_LATE_HOURS }),
  runExpired: (step: number, paused: boolean) => runReason(paused ? 'expired_disconnected' : 'expired', STEP_TEXTS.runExpired(step, paused), { step, maxHours: FOLLOW_UP_MAX_LATE_HOURS }),
  notSentExpired: stepReason('run_expired', STEP_TEXTS.notSentExpired),
  failed: (error: string | null, errorCode: string | null | undefined) => stepReason('failed', STEP_TEXTS.failed(error), errorParams(errorCode)),
  unknown: (error: string | null, errorCode: string | null | undefined) => stepReason('unknown', STEP_TEXTS.unknown(error), errorParams(errorCode)),
  windowClosed: stepReason('window_closed', STEP_TEXTS.windowClosed),
};

/** A waiting step's note is this reason: by its code, or by its English on a step noted before codes. */
const isNoted = (step: Pick<StepWork, 'reason' | 'reasonCode'>, reason: StoredReason) => step.reasonCode === reason.code || step.reason === reason.text;

/** What one attempt at a step did (for logs and tests). */
export type StepOutcome = 'sent' | 'skipped' | 'failed' | 'unknown' | 'in-flight' | 'expired' | 'waiting' | 'not-due' | 'blocked' | 'taken' | 'done' | 'gone' | 'closing' | 'opted-out';

@Injectable()
export class FollowUpScheduler implements OnModuleInit, OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('FollowUpScheduler');
  private readonly unsubscribe: (() => void)[] = [];
  private readonly inFlight = new Set<Promise<unknown>>();
  /** Replies not yet checked against running sequences, per tenant: contact → newest reply's message id. */
  private readonly replies = new Map<string, Map<string, string>>();
  private timer?: NodeJS.Timeout;
  private running: Promise<void> | null = null;
  private queued: Promise<void> | null = null;
  private closing = false;

  constructor(
    private readonly db: Database,
    private readonly repo: FollowUpsRepository,
    private readonly runs: FollowUpsService,
    private readonly outbound: OutboundMessagesService,
    private readonly sessions: WhatsAppSessionsService,
    private readonly events: MessengerEvents,
    private readonly bus: DomainEvents,
    private readonly jobs: JobQueue,
    private readonly time: FollowUpTime,
    private readonly window: FollowUpWindow,
    @Inject(FOLLOW_UP_OPTIONS) private readonly options: FollowUpOptions,
  ) {}

  onModuleInit() {
    this.unsubscribe.push(
      // no transaction for a contact without a running sequence (most replies): one less per inbound batch
      this.events.on('message.inbound', ({ tenantId, contactId, messageId, createdContact, followUpActive }) => {
        if (!createdContact && followUpActive) return this.replyFrom(tenantId, contactId, messageId);
      }),
      this.events.on('whatsapp.down', ({ tenantId, state }) => {
        if (PAUSING_STATES.has(state)) return this.track(this.runs.setPaused(tenantId, RUN_REASONS.paused));
      }),
      // sweep first: a step expired now says it was because WhatsApp was disconnected
      this.events.on('whatsapp.connected', ({ tenantId }) => this.track(this.sweep().then(() => this.runs.setPaused(tenantId, null)))),
      this.events.on('message.outbound', (e) => {
        if (e.followUpRunId) return this.track(this.recordDelivery(e));
      }),
      this.bus.on('contacts.opted_out', ({ tenantId, contactId }) => this.track(this.runs.stopForOptOut(tenantId, contactId))),
    );
  }

  async onApplicationBootstrap() {
    await this.jobs.createQueue(FOLLOW_UP_STEP_QUEUE, {
      policy: 'exclusive',
      retryLimit: 5,
      retryDelay: 30,
      retryBackoff: true,
      // a send waits for the per-tenant pacing of automated messages
      expireInSeconds: 15 * 60,
    });
    // several at once: one tenant's paced sends (seconds apart) must not hold up the other tenants' steps
    await this.jobs.work<FollowUpStepJob>(FOLLOW_UP_STEP_QUEUE, { pollingIntervalSeconds: this.options.pollingIntervalSeconds, localConcurrency: 4 }, async (job) => {
      await this.track(this.runStep(job.data.tenantId, job.data.stepId));
    });
    if (this.options.sweepIntervalMs > 0) {
      this.timer = setInterval(() => void this.sweep(), this.options.sweepIntervalMs);
      this.timer.unref();
    }
    // catch up after downtime (expiries now; sends when the sessions reconnect)
    void this.sweep();
  }

  async beforeApplicationShutdown() {
    this.closing = true;
    clearInterval(this.timer);
    this.unsubscribe.forEach((off) => off());
    const settled = Promise.allSettled([...this.inFlight, this.running, this.queued]);
    await Promise.race([settled, new Promise((resolve) => setTimeout(resolve, 5_000).unref())]);
  }

  /**
   * Runs what is due now: expires steps too late to send (any tenant), then sends the due steps of
   * the tenants whose WhatsApp this instance holds, each tenant's in order. One sweep at a time; a
   * call during a sweep runs one more afterwards. Resolves when done; never rejects (a failed sweep
   * is logged), so callers that do not wait may leave it.
   */
  sweep(): Promise<void> {
    if (this.closing) return Promise.resolve();
    if (!this.running) {
      this.running = this.track(this.sweepOnce()).finally(() => {
        this.running = null;
      });
      return this.running;
    }
    this.queued ??= this.running.then(() => {
      this.queued = null;
      return this.sweep();
    });
    return this.queued;
  }

  private async sweepOnce(): Promise<void> {
    try {
      const now = this.time.now();
      const late = await this.db.platform((tx) => this.repo.expiredSteps(tx, new Date(now.getTime() - FOLLOW_UP_MAX_LATE_HOURS * HOUR), 500));
      for (const step of late) await this.runStep(step.tenantId, step.id);

      const tenants = this.sessions.connectedTenants();
      if (!tenants.length || this.closing) return;
      const due = await this.db.platform((tx) => this.repo.dueSteps(tx, { now, staleBefore: new Date(now.getTime() - this.options.sendingLeaseMs), tenantIds: tenants, limit: 1000 }));
      const byTenant = new Map<string, DueStep[]>();
      for (const step of due) byTenant.set(step.tenantId, [...(byTenant.get(step.tenantId) ?? []), step]);
      await Promise.all(
        [...byTenant.values()].map(async (steps) => {
          for (const step of steps) await this.runStep(step.tenantId, step.id);
        }),
      );
    } catch (err) {
      if (!this.closing) this.logger.error(`follow-up sweep failed: ${err instanceof Error ? err.stack : err}`);
    }
  }

  /** One attempt at one step: claim it if it is due and this instance can send it, send, record. */
  async runStep(tenantId: string, stepId: string): Promise<StepOutcome> {
    if (this.closing) return 'closing';
    const now = this.time.now();
    const staleBefore = new Date(now.getTime() - this.options.sendingLeaseMs);
    let expiredJobs: string[] | null = null;
    let contactId: string | undefined;

    // here or through the instance that owns the company's session (asked before the transaction: it reads the lease)
    const canSend = await this.sessions.canSend(tenantId);
    const decision = await this.db.tenant(tenantId, async (tx): Promise<{ outcome: StepOutcome; step?: StepWork }> => {
      const step = await this.repo.stepWork(tx, tenantId, stepId);
      if (!step || step.runStatus !== 'active') return { outcome: 'gone' };
      contactId = step.contactId;
      if (step.status === 'scheduled') {
        if (step.dueAt > now) return { outcome: 'not-due' };
        if (isFollowUpStepExpired(step.dueAt, now)) {
          // WhatsApp was down: logged out (the run says so) or not connected when the step was due (its note)
          const paused = !!step.runPausedReason || isNoted(step, STEP_REASONS.waiting) || isNoted(step, STEP_REASONS.suspended);
          if (!(await this.repo.expireStep(tx, tenantId, step.id, STEP_REASONS.expired(followUpHoursLate(step.dueAt, now), paused)))) return { outcome: 'taken' };
          expiredJobs = await this.runs.endInTx(
            tx,
            { id: step.runId, tenantId, contactId: step.contactId },
            { status: 'expired', stopReason: STEP_REASONS.runExpired(step.stepIndex + 1, paused), openSteps: { status: 'cancelled', reason: STEP_REASONS.notSentExpired } },
          );
          return { outcome: 'expired' };
        }
      } else if (!(step.status === 'sending' && step.claimedAt && step.claimedAt < staleBefore)) {
        return { outcome: 'done' };
      }
      // opted out (the event that stops the run may not have run yet): never sent, the run ends saying why
      if (step.contactOptedOut && step.status === 'scheduled') {
        expiredJobs = await this.runs.endInTx(
          tx,
          { id: step.runId, tenantId, contactId: step.contactId },
          { status: 'stopped', stopReason: RUN_REASONS.optedOut, openSteps: { status: 'cancelled', reason: RUN_REASONS.notSentOptedOut } },
        );
        return { outcome: 'opted-out' };
      }
      // suspension also stops the company's WhatsApp; this covers a send racing the suspension
      if (!step.tenantActive) {
        if (step.reasonCode !== STEP_REASONS.suspended.code) await this.repo.noteStep(tx, tenantId, step.id, STEP_REASONS.suspended);
        return { outcome: 'waiting' };
      }
      if (!canSend) {
        if (step.reasonCode !== STEP_REASONS.waiting.code) await this.repo.noteStep(tx, tenantId, step.id, STEP_REASONS.waiting);
        return { outcome: 'waiting' };
      }
      if (await this.repo.hasEarlierOpenStep(tx, tenantId, step.runId, step.stepIndex)) return { outcome: 'blocked' };
      if (!(await this.repo.claimStep(tx, tenantId, step.id, now, staleBefore))) return { outcome: 'taken' };
      return { outcome: 'claimed' as StepOutcome, step };
    });

    if (decision.outcome === 'opted-out') {
      await this.runs.afterEnd(tenantId, contactId!, expiredJobs ?? []);
      return 'opted-out';
    }
    if (decision.outcome === 'expired') {
      this.logger.warn(`follow-up step ${stepId} of ${tenantId} expired`);
      await this.runs.afterEnd(tenantId, contactId!, expiredJobs ?? []);
      return 'expired';
    }
    if (!decision.step) return decision.outcome;
    return this.send(tenantId, decision.step);
  }

  private async send(tenantId: string, step: StepWork): Promise<StepOutcome> {
    let message: Message | undefined;
    let error: string | undefined;
    try {
      // on the official API, outside the 24-hour window: the sequence's WhatsApp template, or nothing
      const delivery = await this.window.delivery(tenantId, step);
      if (delivery.kind === 'skip') return await this.skip(tenantId, step);
      message = await this.outbound.send(tenantId, {
        contactId: step.contactId,
        body: delivery.kind === 'template' ? delivery.prepared.body : renderFollowUpMessage(step.message, step.contactName),
        template: delivery.kind === 'template' ? delivery.prepared.template : undefined,
        automated: true,
        followUpRunId: step.runId,
        // the idempotency key: whoever sends this step, it becomes one message
        clientId: `${STEP_CLIENT_ID_PREFIX}${step.id}`,
      });
    } catch (err) {
      error = err instanceof Error ? err.message : String(err);
      this.logger.warn(`follow-up step ${step.id} could not be sent: ${error}`);
    }

    const at = this.time.now();
    // an `unknown` message (its sender stopped after handing it to WhatsApp) is recorded as such, never resent
    const outcome: StepOutcome = !message ? 'failed' : message.status === 'sent' || message.status === 'failed' || message.status === 'unknown' ? message.status : 'in-flight';
    const completed = await this.db.tenant(tenantId, async (tx) => {
      if (outcome === 'in-flight') {
        // stored, still pending in another process: its delivery report (or the next takeover) records it
        await this.repo.finishStep(tx, tenantId, step.id, { status: 'sending', messageId: message!._id });
        return false;
      }
      const recorded = await this.repo.finishStep(tx, tenantId, step.id, {
        status: outcome === 'sent' ? 'sent' : outcome === 'unknown' ? 'unknown' : 'failed',
        sentAt: outcome === 'sent' ? at : null,
        messageId: message?._id ?? null,
        reason:
          outcome === 'sent'
            ? null
            : outcome === 'unknown'
              ? STEP_REASONS.unknown(message?.error ?? null, message?.errorCode)
              : STEP_REASONS.failed(message?.error ?? error ?? null, message?.errorCode),
      });
      if (!recorded || (await this.repo.runHasOpenSteps(tx, tenantId, step.runId))) return false;
      return (await this.runs.endInTx(tx, { id: step.runId, tenantId, contactId: step.contactId }, { status: 'completed', stopReason: null })) !== null;
    });
    if (completed) await this.runs.afterEnd(tenantId, step.contactId, []);
    return outcome;
  }

  /** The window is closed and there is no template to send: the step is skipped with the reason, and the run goes on. */
  private async skip(tenantId: string, step: StepWork): Promise<StepOutcome> {
    const completed = await this.db.tenant(tenantId, async (tx) => {
      const recorded = await this.repo.finishStep(tx, tenantId, step.id, { status: 'skipped', reason: STEP_REASONS.windowClosed });
      if (!recorded || (await this.repo.runHasOpenSteps(tx, tenantId, step.runId))) return false;
      return (await this.runs.endInTx(tx, { id: step.runId, tenantId, contactId: step.contactId }, { status: 'completed', stopReason: null })) !== null;
    });
    if (completed) await this.runs.afterEnd(tenantId, step.contactId, []);
    return 'skipped';
  }

  /**
   * A follow-up message's delivery report. A step still `sending` is finished by it (its sender may
   * have stopped before recording it: a message sent after a restart, or become `unknown`), ending
   * the run when it was the last step; a finished step's log follows a later retry from the chat.
   */
  private async recordDelivery(e: MessengerEventMap['message.outbound']) {
    const { tenantId, messageId, contactId, status } = e;
    const patch: DeliveryPatch = {
      status,
      ...(status === 'sent' ? { sentAt: this.time.now() } : {}),
      reason: status === 'sent' ? null : status === 'unknown' ? STEP_REASONS.unknown(e.error, e.errorCode) : STEP_REASONS.failed(e.error, e.errorCode),
    };
    const stepId = e.clientId?.startsWith(STEP_CLIENT_ID_PREFIX) ? e.clientId.slice(STEP_CLIENT_ID_PREFIX.length) : null;
    const completed = await this.db.tenant(tenantId, async (tx) => {
      const finished = await this.repo.finishSendingStepByMessage(tx, tenantId, messageId, stepId && isUuid(stepId) ? stepId : null, patch);
      if (!finished) {
        await this.repo.updateStepByMessage(tx, tenantId, messageId, patch);
        return false;
      }
      if (await this.repo.runHasOpenSteps(tx, tenantId, finished.runId)) return false;
      return (await this.runs.endInTx(tx, { id: finished.runId, tenantId, contactId }, { status: 'completed', stopReason: null })) !== null;
    });
    if (completed) await this.runs.afterEnd(tenantId, contactId, []);
  }

  /**
   * A contact replied: its running sequence stops. Replies are gathered per tenant and checked in
   * one transaction while the previous check runs, not one transaction each: at thousands of inbound
   * messages a second, one per message took the pool from the inbound batches.
   */
  private replyFrom(tenantId: string, contactId: string, messageId: string): Promise<unknown> | undefined {
    let pending = this.replies.get(tenantId);
    const first = !pending;
    if (!pending) this.replies.set(tenantId, (pending = new Map()));
    const prior = pending.get(contactId);
    if (!prior || prior < messageId) pending.set(contactId, messageId);
    if (!first) return undefined;
    return this.track(
      new Promise<void>((r) => setImmediate(r)).then(async () => {
        while (this.replies.get(tenantId)?.size) {
          const replies = this.replies.get(tenantId)!;
          this.replies.set(tenantId, new Map());
          await this.runs.stopForReplies(tenantId, replies).catch((err) => this.logger.error(`stopping sequences on reply failed: ${err}`));
        }
        this.replies.delete(tenantId);
      }),
    );
  }

  private track<T>(work: Promise<T>): Promise<T> {
    this.inFlight.add(work);
    const done = () => this.inFlight.delete(work);
    work.then(done, done);
    return work;
  }
}
