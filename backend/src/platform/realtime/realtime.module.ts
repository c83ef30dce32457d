import { Global, Module } from '@nestjs/common';
import { RealtimeClientEvents } from './realtime-client-events.js';
import { RealtimeEmitter } from './realtime.emitter.js';
import { RealtimeGateway } from './realtime.gateway.js';

/**
 * Socket.IO for every domain. Imports no module: the auth module provides SOCKET_AUTHENTICATOR
 * (socket-authenticator.ts), which the gateway looks up when the first socket arrives.
 */
@Global()
@Module({ providers: [RealtimeGateway, RealtimeEmitter, RealtimeClientEvents], exports: [RealtimeEmitter, RealtimeClientEvents] })
export class RealtimeModule {}
