// Plays Meta for the Cloud API webhook benchmark, in its own thread (the backend keeps the main
// one): POSTs signed `messages` webhooks at the rate asked, one message per delivery as Meta sends
// them, each body carrying its send time (`@<ms>`) for the socket clients to measure against.
// Every 100th delivery is sent twice, as Meta redelivers.
import { createHmac } from 'node:crypto';
import { Agent, request } from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

const { url, phoneNumberId, appSecret, phones, connections } = workerData;
// a sender's connections are few and kept open, as Meta's are: deliveries beyond wait their turn
const agent = new Agent({ keepAlive: true, maxSockets: connections });
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function payload(seq, prefix) {
  const from = phones[(seq * 7919) % phones.length];
  const now = Date.now();
  return JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '102290129340398',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '201001234567', phone_number_id: phoneNumberId },
              contacts: [{ profile: { name: `Contact ${from.slice(-4)}` }, wa_id: from }],
              messages: [{ from, id: `wamid.${prefix}.${seq}`, timestamp: String(Math.floor(now / 1000)), type: 'text', text: { body: `bench ${seq} @${now}` } }],
            },
          },
        ],
      },
    ],
  });
}

function post(raw) {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(raw), 'x-hub-signature-256': `sha256=${createHmac('sha256', appSecret).update(raw).digest('hex')}` },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(raw);
  });
}

async function deliver(raw, result) {
  const started = performance.now();
  try {
    const status = await post(raw);
    if (status === 200) result.answered200++;
    else {
      result.refused++;
      result.firstRefusal ??= status;
    }
  } catch (err) {
    result.errors++;
    result.firstError ??= `${err}${err?.code ? ` (${err.code})` : ''}`;
  }
  result.answerMs.push(performance.now() - started);
}

parentPort.on('message', async ({ prefix, count, rate }) => {
  const result = { posted: 0, answered200: 0, refused: 0, errors: 0, answerMs: [], started: Date.now(), ended: 0 };
  const pending = [];
  let seq = 0;
  while (seq < count) {
    const due = Math.min(count, Math.floor(((Date.now() - result.started) / 1000) * rate));
    for (; seq < due; seq++) {
      const raw = payload(seq, prefix);
      pending.push(deliver(raw, result));
      result.posted++;
      if (seq % 100 === 0) {
        pending.push(deliver(raw, result));
        result.posted++;
      }
    }
    await sleep(5);
  }
  result.ended = Date.now();
  await Promise.all(pending);
  parentPort.postMessage(result);
});
parentPort.postMessage({ ready: true });
