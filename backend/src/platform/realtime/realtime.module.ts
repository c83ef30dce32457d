import { Global, Module } from '@nestjs/common';
import { AuthModule } from '../../modules/auth/auth.module.js';
import { RealtimeEmitter } from './realtime.emitter.js';
import { RealtimeGateway } from './realtime.gateway.js';

@Global()
@Module({ imports: [AuthModule], providers: [RealtimeGateway, RealtimeEmitter], exports: [RealtimeEmitter] })
export class RealtimeModule {}
