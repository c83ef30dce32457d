import { Global, Module } from '@nestjs/common';
import { JobQueue } from './job-queue.js';

/** Durable jobs (pg-boss) on the app's database; see JobQueue. */
@Global()
@Module({ providers: [JobQueue], exports: [JobQueue] })
export class JobsModule {}
