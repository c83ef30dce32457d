import { Injectable } from '@nestjs/common';
import { Clock } from '../../platform/clock.js';

/**
 * "Now" for follow-up sequences: the app Clock (a ManualClock in tests), plus an offset that only
 * the demo/simulator route `POST /api/dev/follow-ups/advance` moves, so a demo (or the browser
 * end-to-end test) can jump to the next step without waiting hours. Nothing else in the app sees
 * the offset: chat messages keep their real times.
 */
@Injectable()
export class FollowUpTime {
  private offsetMs = 0;

  constructor(private readonly clock: Clock) {}

  now(): Date {
    return new Date(this.clock.now().getTime() + this.offsetMs);
  }

  /** Demo/simulator only (the route exists only there). */
  advance(ms: number) {
    this.offsetMs += ms;
  }
}
