import { AsyncLocalStorage } from 'node:async_hooks';
import type { TxCheck } from '../db/database.types.js';

/**
 * A read request's session check, made where the request first reaches its company's rows instead
 * of in a round trip of its own: the guard accepts a session it saw valid a moment ago, and the
 * first tenant transaction of the request re-reads it in the round trip that opens it (withholding
 * every answer until it passed). Before the request answers, the check must have passed: made on
 * its own when no transaction took it, or when the one that did ended before reading it (work the
 * request set off in the background may be the one that took it).
 * Either way an ended session gets nothing: revocation stays immediate on every instance.
 */
export type DeferredSessionCheck = TxCheck & {
  tenantId: string;
  /** Whether a transaction has taken it (or it was made on its own). */
  taken: boolean;
  /** Whether it passed (set by the transaction that took it). */
  passed?: boolean;
  /** Settles when the transaction that took it ends, however it ends. */
  settled?: Promise<void>;
  /** The check on its own, for a request that opened no tenant transaction. */
  alone(): Promise<void>;
  /** The answer for a refused check: the request's 401 with the reason its session ended. */
  refusal(): Promise<Error>;
};

/** The check of the request being served: set by the guard, taken by Database.tenant(). */
export type RequestChecks = { check?: DeferredSessionCheck };

export const requestChecks = new AsyncLocalStorage<RequestChecks>();

/** Thrown by a check's `accept` when the session can no longer be used. */
export class SessionCheckRefused extends Error {
  constructor() {
    super('the session check refused the request');
  }
}

/** The request's pending check, for a transaction of its company: taken once. */
export function takeSessionCheck(tenantId: string): DeferredSessionCheck | undefined {
  const check = requestChecks.getStore()?.check;
  if (!check || check.taken || check.tenantId !== tenantId) return undefined;
  check.taken = true;
  return check;
}
