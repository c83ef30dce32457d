import type { SessionEndReason } from '@crm/common';
import type { Actor } from '../auth/actor.js';

/**
 * What the realtime gateway needs from whoever owns sign-in, declared here so that platform code
 * never imports a module: the auth module provides it under SOCKET_AUTHENTICATOR.
 */
export interface SocketAuthenticator {
  /** The actor of a handshake token (tenant or super); throws, with a message for the user, when the token or its session is not valid. */
  authenticate(token: string): Promise<Actor>;
  /**
   * Of these sessions (those of this instance's connected sockets), the ones that have ended, and
   * why; sessions found timed out or revoked are closed on the way.
   */
  endedSessions(sessions: readonly SessionRef[]): Promise<EndedSession[]>;
}

export type SessionRef = { kind: Actor['kind']; sessionId: string };
export type EndedSession = { sessionId: string; reason: SessionEndReason; message: string };

export const SOCKET_AUTHENTICATOR = Symbol('SOCKET_AUTHENTICATOR');
