// The client of the request-overhead benchmark, in its own thread so that its work does not share
// the server's event loop: GETs one URL over one kept-alive connection, one request at a time, and
// returns each request's id (sent as X-Request-Id, for the server's side of the figures) and how
// long it took from writing the request to the last byte of the answer.
import { Agent, request } from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

const { url, token } = workerData;
const agent = new Agent({ keepAlive: true, maxSockets: 1 });
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function get(id) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = request(url, { agent, headers: { authorization: `Bearer ${token}`, 'x-request-id': id } }, (res) => {
      let size = 0;
      res.on('data', (chunk) => (size += chunk.length));
      res.on('end', () => resolve({ id, ms: performance.now() - started, status: res.statusCode, size }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

parentPort.on('message', async ({ prefix, count, pauseMs }) => {
  const results = [];
  try {
    for (let i = 0; i < count; i++) {
      if (pauseMs) await sleep(pauseMs);
      results.push(await get(`${prefix}-${i}`));
    }
    parentPort.postMessage({ results });
  } catch (error) {
    parentPort.postMessage({ error: String(error) });
  }
});
