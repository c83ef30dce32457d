import { Global, Module } from '@nestjs/common';
import { Clock, SystemClock } from './clock.js';

/** Provides the one Clock of the application: the system's, or a test's ManualClock. */
@Global()
@Module({})
export class ClockModule {
  static forRoot(clock: Clock = new SystemClock()) {
    return { module: ClockModule, providers: [{ provide: Clock, useValue: clock }], exports: [Clock] };
  }
}
