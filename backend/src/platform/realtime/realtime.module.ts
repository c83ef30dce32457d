import { Global, Module } from '@nestjs/common';
import { AuthModule } from '../../modules/auth/auth.module.js';
import { RealtimeClientEvents } from './client-events.js';
import { RealtimeEmitter } from './realtime.emitter.js';
import { RealtimeGateway } from './realtime.gateway.js';

@Global()
@Module({ imports: [AuthModule], providers: [RealtimeGateway, RealtimeEmitter, RealtimeClientEvents], exports: [RealtimeEmitter, RealtimeClientEvents] })
export class RealtimeModule {}
