import { Controller, HttpCode, Post } from '@nestjs/common';
import { advanceFollowUpTimeSchema, type AdvanceFollowUpTimeRequest } from '@crm/common';
import { z } from 'zod';
import { RequirePermission } from '../../platform/auth/auth.decorators.js';
import { ApiDoc, ValidBody } from '../../platform/http/route-docs.js';
import { FollowUpScheduler } from './follow-up-scheduler.js';
import { FollowUpTime } from './follow-up-time.js';

/**
 * Demo and simulator only (registered with the simulator WhatsApp driver, like the simulated
 * phone's routes; 404 otherwise): jumps the follow-up clock forward and runs what became due, so a
 * demo or the browser test sees the next steps arrive without waiting hours. Admins only: it moves
 * the clock of every company on this server.
 */
@Controller('dev/follow-ups')
export class FollowUpsDevController {
  constructor(
    private readonly time: FollowUpTime,
    private readonly scheduler: FollowUpScheduler,
  ) {}

  @Post('advance')
  @HttpCode(200)
  @RequirePermission('whatsapp.session.manage')
  @ApiDoc({ summary: '[simulator] Moves the follow-up clock forward by `hours` and sends what became due', response: z.object({ now: z.string() }) })
  async advance(@ValidBody(advanceFollowUpTimeSchema) body: AdvanceFollowUpTimeRequest) {
    this.time.advance(body.hours * 3_600_000);
    // not awaited: automated sends are paced (seconds apart); the chat shows them as they go out
    void this.scheduler.sweep();
    return { now: this.time.now().toISOString() };
  }
}
