import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { DEFAULT_TIME_ZONE, dayIn, nextDay, startOfDay } from '@crm/common';
import { Clock } from '../../platform/clock.js';
import { JobQueue } from '../../platform/jobs/job-queue.js';
import { TenantAccessService } from './tenant-access.service.js';

export const SUBSCRIPTION_EXPIRY_QUEUE = 'subscription-expiry';
// a minute into the new day, so an expiry at the end of yesterday has surely passed
const AFTER_MIDNIGHT_MS = 60_000;

/**
 * Expires subscriptions once a day, just after midnight in the product's time zone, through a
 * self-rescheduling pg-boss job (pg-boss cron schedules are off in this app, and this works the
 * same on PGlite). The queue holds at most one waiting and one running job ('stately'), so several
 * instances starting together still make one chain. Each start also asks for a run now, which
 * catches up after downtime. Between runs nothing is missed: sign-in and every request already
 * refuse a subscription past its expiry; the job records it (status, audit) and ends the sessions.
 */
@Injectable()
export class SubscriptionExpiryJob implements OnApplicationBootstrap {
  private readonly logger = new Logger('SubscriptionExpiry');

  constructor(
    private readonly jobs: JobQueue,
    private readonly access: TenantAccessService,
    private readonly clock: Clock,
  ) {}

  async onApplicationBootstrap() {
    await this.jobs.createQueue(SUBSCRIPTION_EXPIRY_QUEUE, { policy: 'stately', retryLimit: 3, retryDelay: 300 });
    // before the worker starts, so its first fetch finds it; refused (null) when a run is already waiting
    await this.jobs.send(SUBSCRIPTION_EXPIRY_QUEUE, {});
    await this.jobs.work(SUBSCRIPTION_EXPIRY_QUEUE, { pollingIntervalSeconds: 60 }, async () => {
      try {
        await this.access.expireDueSubscriptions();
      } finally {
        // the next day's run is queued even if this one failed (pg-boss retries this one)
        await this.scheduleNext();
      }
    });
  }

  private async scheduleNext() {
    const now = this.clock.now();
    const next = new Date(startOfDay(nextDay(dayIn(now, DEFAULT_TIME_ZONE)), DEFAULT_TIME_ZONE).getTime() + AFTER_MIDNIGHT_MS);
    await this.jobs.send(SUBSCRIPTION_EXPIRY_QUEUE, {}, { startAfter: next }).catch((err) => this.logger.error(`scheduling the next expiry check failed: ${err}`));
  }
}
