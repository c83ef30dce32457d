import { Injectable } from '@nestjs/common';
import type { Socket } from 'socket.io';
import type { ClientToServerEvents } from '@crm/common';
import type { TenantActor } from '../auth/actor.js';

export type ClientEventHandler = (actor: TenantActor, socket: Socket, args: unknown[]) => unknown;

/**
 * Domains answer what clients send over the socket (e.g. `wa:get_status`) by registering a handler
 * here; the gateway binds it to every authenticated staff socket. Keeps the gateway free of domain code.
 */
@Injectable()
export class RealtimeClientEvents {
  private readonly handlers = new Map<string, ClientEventHandler>();

  on(event: keyof ClientToServerEvents & string, handler: ClientEventHandler) {
    this.handlers.set(event, handler);
  }

  entries() {
    return this.handlers.entries();
  }
}
