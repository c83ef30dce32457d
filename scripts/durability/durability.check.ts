/**
 * Durability check: nothing lost, doubled or stuck when the backend is killed mid-stream.
 *
 *   npm run check:durability
 *   DURABILITY_DATABASE_URL=postgres://… IN_RATE=150 OUT_RATE=60 KILL_AFTER_MS=4000 npm run check:durability
 *
 * Starts the backend as a child process on a fresh PostgreSQL database (dropped at the end) with the
 * simulated WhatsApp, whose phone appends every message it receives to DATA_DIR (flushed to the
 * kernel before the send returns, so the record survives SIGKILL). Streams inbound messages (the
 * simulator's dev route, each with its own WhatsApp id) and outbound ones (POST /api/messages as a
 * user, each with a clientId) at the same time, kills the backend with SIGKILL mid-stream, restarts
 * it on the same database and data directory, then does what the outside world does: WhatsApp
 * redelivers every inbound message (same id), the client re-posts the sends it got no answer for
 * (same clientId). When outbound has settled it prints, for inbound and outbound, lost / doubled /
 * stuck counts (all must be 0) and the outbound messages whose delivery is 'unknown' (handed to
 * WhatsApp when the process died: not stuck, the user is told and may retry). Then a campaign to
 * every contact is killed the same way while it sends (campaign.ts): each recipient must end
 * exactly once. Exit code 1 otherwise.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { campaignUnderKill } from './campaign.js';
import { Backend, call, freePort, log, must, root, sleep, stream, waitConnected } from './harness.js';

const env = process.env;
const SERVER = env.DURABILITY_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const IN_RATE = Number(env.IN_RATE ?? 150);
const OUT_RATE = Number(env.OUT_RATE ?? 60);
const KILL_AFTER_MS = Number(env.KILL_AFTER_MS ?? 4000);
const CONTACTS = Number(env.CONTACTS ?? 20);
const SETTLE_TIMEOUT_MS = Number(env.SETTLE_TIMEOUT_MS ?? 60_000);
const CAMPAIGN_KILL_AFTER = Number(env.CAMPAIGN_KILL_AFTER ?? 5);
const PASSWORD = 'Durability-Pass-1';

async function main() {
  const dbName = `crm_durability_${Date.now().toString(36)}_${randomBytes(2).toString('hex')}`;
  const admin = new pg.Client({ connectionString: SERVER });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  const url = new URL(SERVER);
  url.pathname = `/${dbName}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'crm-durability-'));
  const backendEnv = {
    DATABASE_URL: url.toString(),
    DATA_DIR: dataDir,
    DEMO: '0',
    LOG_LEVEL: 'error',
    JWT_SECRET: 'durability-secret-durability-secret-0123456789',
    WHATSAPP_DRIVER: 'simulator',
    WHATSAPP_SIM_TIME_SCALE: '0.01',
    WHATSAPP_SIM_AUTO_CONNECT_MS: '0',
    WHATSAPP_WATCHDOG_SECONDS: '0',
    WHATSAPP_SIM_DELIVERY_LOG: '1',
    // a campaign recipient whose sender was killed is taken over after this lease (10 minutes by default)
    CAMPAIGN_SENDING_LEASE_MINUTES: '0.2',
    // the messenger's own spacing of automated sends (4–8 s) would make the campaign take minutes; its own pace (1 s) stays
    WHATSAPP_AUTOMATED_MIN_INTERVAL_MS: '200',
    WHATSAPP_AUTOMATED_JITTER_MS: '200',
  };
  const backend = new Backend(await freePort(), backendEnv);
  const check = new pg.Client({ connectionString: url.toString() });
  let failed = true;
  try {
    log(`PostgreSQL database ${dbName}; inbound ${IN_RATE}/s and outbound ${OUT_RATE}/s, SIGKILL after ${KILL_AFTER_MS} ms`);
    // a super administrator (migrates the database), then a company and its admin through the API
    await new Promise<void>((resolve, reject) => {
      const cli = spawn(process.execPath, ['--import', '@swc-node/register/esm-register', 'backend/src/cli/create-super-admin.ts', 'super@durability.test', 'Durability'], {
        cwd: root,
        env: { ...process.env, ...backendEnv, SWC_NODE_PROJECT: 'backend/tsconfig.json', SUPER_ADMIN_PASSWORD: PASSWORD },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      cli.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`create-super-admin exited with ${code}`))));
    });
    await backend.start();
    const superToken = (await must(backend.url, 'POST', '/super/login', { email: 'super@durability.test', password: PASSWORD })).token;
    await must(backend.url, 'POST', '/super/tenants', { name: 'Durability Co', slug: 'durability', adminEmail: 'admin@durability.test', adminPassword: PASSWORD }, superToken);
    let token = (await must(backend.url, 'POST', '/auth/login', { email: 'admin@durability.test', password: PASSWORD })).token;
    await must(backend.url, 'POST', '/whatsapp/start', undefined, token);
    await waitConnected(backend.url, token);

    // the contacts write in first (their first messages are part of the inbound ledger too)
    const phones = Array.from({ length: CONTACTS }, (_, i) => `+2010${String(50_000_000 + i)}`);
    const inbound = new Map<string, { phone: string; body: string; confirmed: boolean }>();
    const sendInbound = async (base: string, tok: string, id: string) => {
      const m = inbound.get(id)!;
      const res = await call(base, 'POST', '/dev/whatsapp/inbound', { from: m.phone, name: `Contact ${m.phone.slice(-3)}`, body: m.body, id }, tok);
      if (res.status === 200) m.confirmed = true;
      return res;
    };
    const contactIds: string[] = [];
    for (const [i, phone] of phones.entries()) {
      const id = `false_${phone.slice(1)}@c.us_DURHELLO${i}`;
      inbound.set(id, { phone, body: `dur-in-hello-${i}`, confirmed: false });
      const res = await sendInbound(backend.url, token, id);
      contactIds.push(res.json.data.contactId);
    }

    // both streams at once, until the kill
    const outbound = new Map<string, { contactId: string; answered: boolean }>();
    let killed = false;
    const killAt = Date.now() + KILL_AFTER_MS;
    const stop = () => killed || Date.now() >= killAt;
    const base = backend.url;
    const inStream = stream(IN_RATE, 1_000_000, stop, async (i) => {
      const phone = phones[i % CONTACTS];
      const id = `false_${phone.slice(1)}@c.us_DUR${String(i).padStart(6, '0')}`;
      inbound.set(id, { phone, body: `dur-in-${i}`, confirmed: false });
      await sendInbound(base, token, id).catch(() => undefined);
    });
    const outStream = stream(OUT_RATE, 1_000_000, stop, async (i) => {
      const clientId = `dur-out-${i}`;
      const contactId = contactIds[i % CONTACTS];
      outbound.set(clientId, { contactId, answered: false });
      const res = await call(base, 'POST', '/messages', { contactId, body: clientId, clientId }, token).catch(() => undefined);
      if (res?.status === 200) outbound.get(clientId)!.answered = true;
    });
    while (!stop()) await sleep(10);
    await backend.kill('SIGKILL');
    killed = true;
    await Promise.all([inStream, outStream]);
    const inConfirmedBefore = [...inbound.values()].filter((m) => m.confirmed).length;
    const outAnsweredBefore = [...outbound.values()].filter((m) => m.answered).length;
    log(`killed (SIGKILL) with ${inbound.size - inConfirmedBefore}/${inbound.size} inbound and ${outbound.size - outAnsweredBefore}/${outbound.size} outbound unanswered`);

    // the same database and data directory (the simulated phone stays paired)
    await backend.start();
    token = (await must(backend.url, 'POST', '/auth/login', { email: 'admin@durability.test', password: PASSWORD })).token;
    await waitConnected(backend.url, token);

    // WhatsApp redelivers what it sent (same ids); the client re-posts the sends it got no answer for (same clientId)
    let refusedRedeliveries = 0;
    const inIds = [...inbound.keys()];
    // the killed process's session is taken over when its lease lapses (the status may say connected
    // before that); until then the phone cannot deliver, and WhatsApp keeps redelivering: so does this
    const takeoverStart = Date.now();
    while ((await sendInbound(backend.url, token, inIds[0]).catch(() => undefined))?.status !== 200 && Date.now() - takeoverStart < 120_000) await sleep(500);
    log(`the phone delivered again ${Date.now() - takeoverStart} ms after the restart was reported connected`);
    await stream(
      1_000_000,
      inIds.length,
      () => false,
      async (i) => {
        const res = await sendInbound(backend.url, token, inIds[i]).catch((err: unknown) => ({ status: 0, json: { ok: false, error: String(err) } }));
        if (res.status !== 200 && !refusedRedeliveries++) log(`a redelivery was refused: ${res.status} ${res.json.error}`);
      },
    );
    const unanswered = [...outbound.entries()].filter(([, m]) => !m.answered);
    await stream(
      1_000_000,
      unanswered.length,
      () => false,
      async (i) => {
        const [clientId, m] = unanswered[i];
        const res = await call(backend.url, 'POST', '/messages', { contactId: m.contactId, body: clientId, clientId }, token).catch(() => undefined);
        if (res?.status === 200) m.answered = true;
      },
    );

    await check.connect();
    const settleStart = Date.now();
    let pending = Infinity;
    while (Date.now() - settleStart < SETTLE_TIMEOUT_MS) {
      pending = (await check.query(`select count(*)::int as n from messages where direction = 'out' and status = 'pending'`)).rows[0].n;
      if (pending === 0) break;
      await sleep(250);
    }
    log(`outbound settled in ${Date.now() - settleStart} ms`);

    // ---- counts ----
    const inRows = (await check.query<{ wa: string; n: number }>(`select wa_message_id as wa, count(*)::int as n from messages where direction = 'in' group by wa_message_id`)).rows;
    const inCount = new Map(inRows.map((r) => [r.wa, r.n]));
    const inbodies = (
      await check.query<{ n: number }>(`select count(*)::int as n from (select body from messages where direction = 'in' and body like 'dur-in-%' group by body having count(*) > 1) d`)
    ).rows[0].n;
    const inLost = inIds.filter((id) => !inCount.get(id)).length;
    const inDoubled = inIds.filter((id) => (inCount.get(id) ?? 0) > 1).length + inbodies;

    const logFile = join(dataDir, 'whatsapp-sim', 'delivered.log');
    const received = new Map<string, number>();
    for (const line of existsSync(logFile) ? readFileSync(logFile, 'utf8').split('\n') : []) {
      if (!line.trim()) continue;
      const { body } = JSON.parse(line) as { body: string };
      received.set(body, (received.get(body) ?? 0) + 1);
    }
    const outRows = (await check.query<{ client_id: string; status: string }>(`select client_id, status from messages where direction = 'out' and client_id like 'dur-out-%'`)).rows;
    const statusOf = new Map(outRows.map((r) => [r.client_id, r.status]));
    const outIds = [...outbound.keys()];
    const unknown = outIds.filter((id) => statusOf.get(id) === 'unknown');
    const outLost = outIds.filter((id) => !received.get(id) && statusOf.get(id) !== 'unknown');
    const outDoubled = [...received.entries()].filter(([body, n]) => body.startsWith('dur-out-') && n > 1).length;
    const outStuck = outIds.filter((id) => statusOf.get(id) === 'pending').length;
    const outFailed = outIds.filter((id) => statusOf.get(id) === 'failed').length;

    const report = {
      inbound: { sent: inIds.length, unconfirmedAtKill: inbound.size - inConfirmedBefore, redelivered: inIds.length, lost: inLost, doubled: inDoubled, stuck: refusedRedeliveries },
      outbound: {
        posted: outIds.length,
        unansweredAtKill: outbound.size - outAnsweredBefore,
        receivedByPhone: outIds.filter((id) => received.get(id)).length,
        lost: outLost.length,
        doubled: outDoubled,
        stuck: outStuck,
        unknown: unknown.length,
        unknownReceivedByPhone: unknown.filter((id) => received.get(id)).length,
        failed: outFailed,
      },
    };
    console.log(JSON.stringify(report, null, 2));
    log(`inbound  lost ${inLost}, doubled ${inDoubled}, stuck ${refusedRedeliveries}`);
    log(`outbound lost ${outLost.length}, doubled ${outDoubled}, stuck ${outStuck}  (unknown ${unknown.length}, of which the phone has ${report.outbound.unknownReceivedByPhone})`);
    if (outLost.length)
      log(
        `lost outbound: ${outLost
          .slice(0, 10)
          .map((id) => `${id}=${statusOf.get(id) ?? 'not stored'}`)
          .join(', ')}`,
      );
    const messagesFailed = inLost + inDoubled + refusedRedeliveries + outLost.length + outDoubled + outStuck > 0;

    // ---- a campaign, killed while it sends ----
    const campaignOk = await campaignUnderKill({
      backend,
      db: check,
      dataDir,
      login: async () => (await must(backend.url, 'POST', '/auth/login', { email: 'admin@durability.test', password: PASSWORD })).token,
      killAfter: CAMPAIGN_KILL_AFTER,
      timeoutMs: SETTLE_TIMEOUT_MS,
    });
    failed = messagesFailed || !campaignOk;
  } finally {
    await backend.kill('SIGTERM');
    await check.end().catch(() => undefined);
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => undefined);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
  process.exitCode = failed ? 1 : 0;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
