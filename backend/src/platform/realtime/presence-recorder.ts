import type { TenantActor } from '../auth/actor.js';

/**
 * What presence needs from whoever owns the users, declared here so that platform code never
 * imports a module: the users module provides it under PRESENCE_RECORDER.
 */
export interface PresenceRecorder {
  /** Stores `at` as the user's lastSeen (the time their offline announcement carries). */
  recordLastSeen(actor: TenantActor, at: Date): Promise<void>;
}

export const PRESENCE_RECORDER = Symbol('PRESENCE_RECORDER');
