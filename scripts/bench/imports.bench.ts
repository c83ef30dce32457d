/**
 * npm run bench:imports — does one company's importing slow down another company?
 *
 * Starts the real backend (test harness: fresh database, migrations), seeds company A and company
 * B (B with BENCH_B_CONTACTS contacts), times B's `GET /api/contacts` idle, then again while A
 * uploads BENCH_IMPORTS files of BENCH_ROWS rows at once (A's imports queue and run one at a time,
 * written in chunks), and prints p50/p95/max in milliseconds, and how long A's imports took.
 *
 * Runs on the embedded PGlite, then on PostgreSQL when TEST_DATABASE_URL or DATABASE_URL is set (a
 * fresh database is created on that server and dropped after).
 * Env: BENCH_IMPORTS (default 6), BENCH_ROWS (default 10000), BENCH_B_CONTACTS (default 2000),
 * BENCH_PAUSE_MS (between B's calls, default 20).
 */
import { availableParallelism, loadavg } from 'node:os';
import type { ContactImportStatus } from '@crm/common';
import { startTestApp, type TestApp } from '../../backend/test/test-app.js';
import { seedCompany, signIn } from '../../backend/test/fixtures.js';
import { waitForImport } from '../../backend/test/imports.js';

const IMPORTS = Number(process.env.BENCH_IMPORTS ?? 6);
const ROWS = Number(process.env.BENCH_ROWS ?? 10_000);
const B_CONTACTS = Number(process.env.BENCH_B_CONTACTS ?? 2_000);
const PAUSE_MS = Number(process.env.BENCH_PAUSE_MS ?? 20);
const POSTGRES_URL = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function percentiles(times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * q) - 1)];
  return { n: sorted.length, p50: at(0.5).toFixed(1), p95: at(0.95).toFixed(1), max: sorted[sorted.length - 1].toFixed(1) };
}

async function timedList(t: TestApp, token: string): Promise<number> {
  const started = performance.now();
  const res = await t.api.get('/contacts?limit=25', { token });
  if (res.status !== 200) throw new Error(`GET /contacts: ${res.status} ${res.body.error}`);
  return performance.now() - started;
}

async function run(label: string) {
  const t = await startTestApp({ env: { SESSION_IDLE_MINUTES: '10000000', SESSION_MAX_HOURS: '1000000' } });
  try {
    const a = await seedCompany(t, 'bench-imports-a');
    const b = await seedCompany(t, 'bench-imports-b');
    const [adminA, adminB] = [await signIn(t, a.admin.email), await signIn(t, b.admin.email)];
    const seeded = await t.api.post<ContactImportStatus>('/contacts/import', csvFor('5', B_CONTACTS, 9), { token: adminB });
    await waitForImport(t, adminB, seeded.body.data._id);

    const idle: number[] = [];
    for (let i = 0; i < 60; i++) {
      idle.push(await timedList(t, adminB));
      await sleep(PAUSE_MS);
    }

    const files = Array.from({ length: IMPORTS }, (_, i) => csvFor(['0', '1', '2'][i % 3], ROWS, i));
    const started = performance.now();
    let done = false;
    let uploadsAnswered = false;
    const imports = (async () => {
      const answers = await Promise.all(files.map((form) => t.api.post<ContactImportStatus>('/contacts/import', form, { token: adminA })));
      for (const answer of answers) if (answer.status !== 202) throw new Error(`POST /contacts/import: ${answer.status} ${answer.body.error}`);
      const uploaded = performance.now() - started;
      uploadsAnswered = true;
      const ended = await Promise.all(answers.map((answer) => waitForImport(t, adminA, answer.body.data._id)));
      return { uploaded, ended };
    })().finally(() => (done = true));
    const during: number[] = [];
    const whileUploading: number[] = [];
    const whileWriting: number[] = [];
    void imports.catch(() => undefined);
    while (!done) {
      const took = await timedList(t, adminB);
      during.push(took);
      (uploadsAnswered ? whileWriting : whileUploading).push(took);
      await sleep(PAUSE_MS);
    }
    const { uploaded, ended } = await imports;
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const created = ended.reduce((sum, e) => sum + e.result.created, 0);
    console.log(
      `\n${label}: ${IMPORTS} imports of ${ROWS} rows by company A (${created} contacts created, ${ended.filter((e) => e.status === 'done').length} done) in ${seconds} s (uploads answered after ${(uploaded / 1000).toFixed(1)} s)`,
    );
    console.log(
      `load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')} on ${availableParallelism()} cores`,
    );
    console.table({
      'B GET /api/contacts, idle': percentiles(idle),
      'B GET /api/contacts, during A imports': percentiles(during),
      '  of which while the files upload (read in the worker pool, rows stored)': percentiles(whileUploading),
      '  of which while the rows are written (queued, in chunks)': percentiles(whileWriting),
    });
  } finally {
    await t.close();
  }
}

/** A CSV of `rows` distinct Egyptian mobiles (01<digit> then 8 digits; `file` keeps files apart). */
function csvFor(digit: string, rows: number, file = 0): FormData {
  const lines = ['Name,Phone,Email,Address'];
  for (let i = 0; i < rows; i++) {
    const n = String(file * 1_000_000 + i).padStart(8, '0');
    lines.push(`Customer ${file}-${i},01${digit}${n},c${file}-${i}@mail.test,"${i} Tahrir Street, Cairo"`);
  }
  const form = new FormData();
  form.append('file', new Blob([lines.join('\r\n')]), `leads-${file}.csv`);
  return form;
}

const saved = process.env.TEST_DATABASE_URL;
delete process.env.TEST_DATABASE_URL;
await run('PGlite (embedded)');
if (POSTGRES_URL) {
  process.env.TEST_DATABASE_URL = POSTGRES_URL;
  await run(`PostgreSQL (${new URL(POSTGRES_URL).host})`);
}
if (saved) process.env.TEST_DATABASE_URL = saved;
process.exit(0);
