// Socket.IO clients of the messenger benchmark, in their own thread (the second core): each
// connects like the desktop app, receives msg:new and records the latency from injection (the
// injection time travels in the message body) and any duplicate delivery. A token may name its own
// backend (`url`, with several instances) and a `group` whose latencies are also reported apart.
import { parentPort, workerData } from 'node:worker_threads';
import { io } from 'socket.io-client';

const { url, tokens } = workerData;
// reconnecting as the desktop does (lib/realtime-client.ts): a dropped client misses what was sent meanwhile (the app fetches it again)
const clients = tokens.map(({ token, role, url: own, group }) => ({
  role,
  group,
  socket: io(own ?? url, { auth: { token }, transports: ['websocket'], reconnectionDelay: 1_000, reconnectionDelayMax: 10_000 }),
  seen: new Set(),
  duplicates: 0,
  received: 0,
  drops: 0,
}));
let latencies = [];
let byGroup = new Map();

await Promise.all(
  clients.map(
    (c) =>
      new Promise((resolve, reject) => {
        c.socket.once('wa:status', resolve);
        c.socket.once('connect_error', reject);
        c.socket.emit('wa:get_status');
      }),
  ),
);

for (const c of clients) {
  c.socket.on('disconnect', () => c.drops++);
  c.socket.on('msg:new', (m) => {
    const now = Date.now();
    c.received++;
    if (c.seen.has(m._id)) c.duplicates++;
    else c.seen.add(m._id);
    const sentAt = Number(/@(\d+)$/.exec(m.body)?.[1]);
    if (!sentAt) return;
    latencies.push(now - sentAt);
    if (c.group === undefined) return;
    if (!byGroup.has(c.group)) byGroup.set(c.group, []);
    byGroup.get(c.group).push(now - sentAt);
  });
}
parentPort.postMessage({ type: 'ready' });

parentPort.on('message', (msg) => {
  if (msg.type === 'reset') {
    // the warm-up is over: count from here
    latencies = [];
    byGroup = new Map();
    for (const c of clients) Object.assign(c, { seen: new Set(), duplicates: 0, received: 0, drops: 0 });
    parentPort.postMessage({ type: 'reset' });
    return;
  }
  if (msg.type === 'count') {
    // how many events arrived so far (the orchestrator waits for late ones to stop coming)
    parentPort.postMessage({ type: 'count', received: clients.reduce((n, c) => n + c.received, 0) });
    return;
  }
  if (msg.type !== 'finish') return;
  const admins = clients.filter((c) => c.role === 'admin');
  const everyAdminSawAll = admins.map((c) => c.seen.size);
  parentPort.postMessage({
    type: 'result',
    latencies: Float64Array.from(latencies),
    latenciesByGroup: Object.fromEntries([...byGroup].map(([g, l]) => [g, Float64Array.from(l)])),
    received: clients.reduce((n, c) => n + c.received, 0),
    duplicates: clients.reduce((n, c) => n + c.duplicates, 0),
    drops: clients.reduce((n, c) => n + c.drops, 0),
    adminUnique: everyAdminSawAll,
    salesUnique: clients.filter((c) => c.role === 'sales').reduce((n, c) => n + c.seen.size, 0),
  });
  for (const c of clients) {
    c.socket.off('disconnect');
    c.socket.close();
  }
});
