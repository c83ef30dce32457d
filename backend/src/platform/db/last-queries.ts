import type { Tx } from './database.types.js';

/** How a pipelined transaction writes its COMMIT (platform/db/connect.ts); PGlite has none to save. */
export const finishers = new WeakMap<object, () => Promise<unknown>>();

/**
 * The transaction's last queries, started together by `queries` (each sent before any answer is
 * awaited): on PostgreSQL the COMMIT is written right behind them, so the work's last round trip
 * also ends the transaction. The transaction refuses any query after: one sent late (a repository
 * call that awaits before its query) fails loudly instead of running outside the transaction.
 */
export async function lastQueries<T>(tx: Tx, queries: () => Promise<T>): Promise<T> {
  const finish = finishers.get(tx);
  if (!finish) return queries();
  // a query builder is a thenable: awaiting it sends its query a microtask later, so the COMMIT
  // waits for the microtasks to run out (still before any answer can have come back). Asked for
  // before the queries are sent, so it comes before the end of the turn that writes them out
  // together (connect.ts): the COMMIT leaves in the same write.
  let turnOver!: () => void;
  const microtasksRunOut = new Promise<void>((resolve) => (turnOver = resolve));
  const timer = setImmediate(() => turnOver());
  let answers: Promise<T>;
  try {
    answers = queries();
  } catch (error) {
    clearImmediate(timer);
    throw error;
  }
  const [result] = await Promise.all([answers, microtasksRunOut.then(finish)]);
  return result;
}
