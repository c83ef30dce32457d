/**
 * The durability check's campaign part: a campaign to every contact, paced one message a second,
 * the backend killed with SIGKILL while it sends, restarted on the same database and data
 * directory, then left to finish. Each recipient must end exactly once: the simulated phone got
 * its message once (never twice), or it ended failed as `unknown` (handed to WhatsApp as the
 * process died) or skipped with a reason; none left pending or sending, none missing from the
 * audience, never two stored messages for one recipient.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type pg from 'pg';
import { must, log, sleep, waitConnected, type Backend } from './harness.js';

const BODY_PREFIX = 'dur-campaign ';
const ENDED = new Set(['sent', 'delivered', 'read', 'replied', 'failed', 'skipped']);
const REACHED = new Set(['sent', 'delivered', 'read', 'replied']);

export type CampaignRun = {
  backend: Backend;
  /** A direct connection to the check's database. */
  db: pg.Client;
  dataDir: string;
  /** Signs the company's admin in (again after the restart). */
  login: () => Promise<string>;
  /** SIGKILL once this many recipients have ended (and, if caught within a moment, one is being sent). */
  killAfter: number;
  timeoutMs: number;
};

/** Runs the campaign through a SIGKILL; true when every recipient ended exactly once. */
export async function campaignUnderKill({ backend, db, dataDir, login, killAfter, timeoutMs }: CampaignRun): Promise<boolean> {
  let token = await login();
  // one message a second, at any hour, no warm-up or daily limit in the way
  const { today: _today, ...settings } = await must(backend.url, 'GET', '/settings/sending', undefined, token);
  await must(
    backend.url,
    'PUT',
    '/settings/sending',
    {
      ...settings,
      dailyCap: 10_000,
      minIntervalSeconds: 1,
      maxIntervalSeconds: 1,
      sendingHours: { from: '00:00', to: '00:00' },
      warmUp: { ...settings.warmUp, enabled: false },
      failureThreshold: 100,
      failureWindow: 100,
    },
    token,
  );
  const campaign = await must(backend.url, 'POST', '/campaigns', { name: 'Durability campaign', audience: {}, message: `${BODY_PREFIX}{name}` }, token);
  await must(backend.url, 'POST', `/campaigns/${campaign._id}/start`, undefined, token);

  const progress = async () =>
    (
      await db.query<{ total: number; ended: number; sending: number }>(
        `select count(*)::int as total, count(*) filter (where status not in ('pending', 'sending'))::int as ended, count(*) filter (where status = 'sending')::int as sending
           from campaign_recipients where campaign_id = $1`,
        [campaign._id],
      )
    ).rows[0];
  const started = Date.now();
  let reachedAt = 0;
  for (;;) {
    const p = await progress();
    if (p.ended >= killAfter && !reachedAt) reachedAt = Date.now();
    // prefer the moment a message is being sent; do not wait long for it
    if (reachedAt && (p.sending > 0 || Date.now() - reachedAt > 2_500)) break;
    if (Date.now() - started > timeoutMs) throw new Error(`the campaign did not send ${killAfter} messages in time (${JSON.stringify(p)})`);
    await sleep(20);
  }
  await backend.kill('SIGKILL');
  const atKill = await progress();
  log(`campaign: killed (SIGKILL) with ${atKill.ended}/${atKill.total} recipients ended and ${atKill.sending} being sent`);

  await backend.start();
  token = await login();
  await waitConnected(backend.url, token);
  const settleStart = Date.now();
  let status = '';
  while (Date.now() - settleStart < timeoutMs) {
    const now = await must(backend.url, 'GET', `/campaigns/${campaign._id}`, undefined, token);
    status = now.status;
    if (status === 'completed' || status === 'cancelled') break;
    if (status === 'paused') {
      // as a person would: a pause says why, and resuming is theirs
      log(`campaign: paused (${now.pausedReason}) after the restart; resuming`);
      await must(backend.url, 'POST', `/campaigns/${campaign._id}/resume`, undefined, token);
    }
    await sleep(250);
  }
  log(`campaign: ${status} ${Date.now() - settleStart} ms after the restart`);
  if (status !== 'completed') log(`the backend's last words:\n${backend.output.slice(-3_000)}`);

  // ---- counts ----
  const recipients = (
    await db.query<{ id: string; status: string; reason: string | null; phone: string }>(
      `select r.id, r.status, r.reason, c.phone from campaign_recipients r join contacts c on c.id = r.contact_id where r.campaign_id = $1`,
      [campaign._id],
    )
  ).rows;
  const contacts = (await db.query<{ n: number }>(`select count(*)::int as n from contacts`)).rows[0].n;
  const stored = (await db.query<{ client_id: string; n: number }>(`select client_id, count(*)::int as n from messages where direction = 'out' and client_id like 'campaign:%' group by client_id`))
    .rows;
  const logFile = join(dataDir, 'whatsapp-sim', 'delivered.log');
  const received = new Map<string, number>();
  for (const line of existsSync(logFile) ? readFileSync(logFile, 'utf8').split('\n') : []) {
    if (!line.trim()) continue;
    const { chatId, body } = JSON.parse(line) as { chatId: string; body: string };
    if (body.startsWith(BODY_PREFIX)) received.set(chatId, (received.get(chatId) ?? 0) + 1);
  }
  const got = (phone: string) => received.get(`${phone.replace(/^\+/, '')}@c.us`) ?? 0;

  const stuck = recipients.filter((r) => !ENDED.has(r.status));
  const doubled = recipients.filter((r) => got(r.phone) > 1).length + stored.filter((s) => s.n > 1).length;
  // ended without reaching the phone, and not for a reason it may: lost
  const lost = recipients.filter((r) => ENDED.has(r.status) && !got(r.phone) && !(r.status === 'skipped' || (r.status === 'failed' && r.reason === 'unknown')));
  // says sent but the phone has nothing: lost as well
  const saidSent = recipients.filter((r) => REACHED.has(r.status) && !got(r.phone));
  const report = {
    audience: contacts,
    recipients: recipients.length,
    missingFromAudience: contacts - recipients.length,
    endedAtKill: atKill.ended,
    sendingAtKill: atKill.sending,
    status,
    receivedByPhone: recipients.filter((r) => got(r.phone) === 1).length,
    lost: lost.length,
    doubled,
    stuck: stuck.length,
    skipped: recipients.filter((r) => r.status === 'skipped').length,
    failed: recipients.filter((r) => r.status === 'failed').length,
  };
  console.log(JSON.stringify({ campaign: report }, null, 2));
  log(`campaign lost ${lost.length}, doubled ${doubled}, stuck ${stuck.length}, missing from the audience ${report.missingFromAudience}  (status ${status})`);
  if (lost.length || saidSent.length)
    log(
      `lost campaign recipients: ${lost
        .concat(saidSent)
        .slice(0, 10)
        .map((r) => `${r.phone}=${r.status}${r.reason ? `/${r.reason}` : ''}`)
        .join(', ')}`,
    );
  return !(lost.length + saidSent.length + doubled + stuck.length + report.missingFromAudience > 0 || status !== 'completed');
}
