import { monitorEventLoopDelay } from 'node:perf_hooks';

/** Calls made before timing starts (connection pools, plans, caches). */
export const WARMUP = 5;

export type Result = { name: string; p50: number; p95: number; note: string; paced?: { p50: number; p95: number } };
export type Scenario = { name: string; call: () => Promise<string>; samples: number[]; note: string };

/** The pause before each request of the paced run: a person clicking, not a loop, where the wake-up cost shows. */
export const PACE_MS = Number(process.env.BENCH_PACE_MS ?? 100);

const percentile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs the scenarios round-robin (one call of each, RUNS times) so that a burst of load from
 * something else on the machine spreads over all of them instead of spoiling one. With `pauseMs`,
 * each request waits that long first: after an idle gap the machine (CPU frequency, scheduler,
 * PostgreSQL's backend) has to wake up, which a back-to-back loop never shows.
 */
export async function timeInterleaved(scenarios: Scenario[], runs: number, pauseMs = 0): Promise<Result[]> {
  for (const s of scenarios) {
    s.samples = [];
    for (let i = 0; i < WARMUP; i++) s.note = await s.call();
  }
  for (let i = 0; i < runs; i++) {
    for (const s of scenarios) {
      if (pauseMs) await sleep(pauseMs);
      const t0 = performance.now();
      s.note = await s.call();
      s.samples.push(performance.now() - t0);
    }
  }
  return scenarios.map((s) => {
    const sorted = [...s.samples].sort((a, b) => a - b);
    return { name: s.name, p50: percentile(sorted, 0.5), p95: percentile(sorted, 0.95), note: s.note };
  });
}

/** Each scenario twice: back to back, then with PACE_MS before each request; one result per scenario holding both. */
export async function timeBothPaces(scenarios: Scenario[], runs: number): Promise<Result[]> {
  const loop = await timeInterleaved(scenarios, runs);
  if (!PACE_MS) return loop;
  const paced = await timeInterleaved(scenarios, runs, PACE_MS);
  return loop.map((r, i) => ({ ...r, paced: { p50: paced[i].p50, p95: paced[i].p95 } }));
}

/**
 * An export must not stall everyone else. Runs exports back to back and, meanwhile, the
 * other call in a loop; reports that call's p50/p95 and the event loop's longest stall
 * (perf_hooks) while exports ran. Target: p95 < 50 ms (plus the call's own time).
 */
export async function whileExporting(exportCall: () => Promise<string>, other: () => Promise<string>, exports: number): Promise<Result> {
  const samples: number[] = [];
  const stall = monitorEventLoopDelay({ resolution: 5 });
  let exporting = true;
  stall.enable();
  const exportsDone = (async () => {
    for (let i = 0; i < exports; i++) await exportCall();
    exporting = false;
  })();
  let note = '';
  while (exporting) {
    const t0 = performance.now();
    note = await other();
    samples.push(performance.now() - t0);
  }
  await exportsDone;
  stall.disable();
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    name: 'Leads list page 1 while exports run',
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    note: `${samples.length} calls during ${exports} exports; longest event-loop stall ${(stall.max / 1e6).toFixed(0)} ms; ${note}`,
  };
}
