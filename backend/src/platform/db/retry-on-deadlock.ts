import { pgError } from './pg-errors.js';

/**
 * Runs a whole transaction again when PostgreSQL aborted it as a deadlock victim (40P01). Writers
 * that update shared rows (the contacts' running totals in contact_counts) can meet in opposite
 * orders; the victim's transaction was rolled back as a whole, so trying it again is safe.
 */
export async function retryOnDeadlock<T>(work: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (err) {
      if (attempt >= attempts || pgError(err)?.code !== '40P01') throw err;
    }
  }
}
