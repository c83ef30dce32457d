import { Global, Module } from '@nestjs/common';
import { DomainEvents } from './domain-events.js';

/** The one bus of the application, for every module (no module needs to import another's to listen). */
@Global()
@Module({ providers: [DomainEvents], exports: [DomainEvents] })
export class DomainEventsModule {}
