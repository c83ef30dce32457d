import { request, type ClientRequest, type IncomingMessage } from 'node:http';

/** What the server answered to a raw upload, and what the client had managed to send of the body by then. */
export type RawAnswer = { status: number; body: { ok: boolean; error?: string; code?: string; params?: Record<string, unknown>; field?: string }; bodyBytesSent: number; connection?: string };

const BOUNDARY = 'raw-upload-boundary';
const preamble = (fileName: string) => Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`);

function answerOf(req: ClientRequest, sent: () => number): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    req.on('error', reject);
    req.on('response', (res: IncomingMessage) => {
      const bodyBytesSent = sent();
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => {
        resolve({ status: res.statusCode ?? 0, body: JSON.parse(text), bodyBytesSent, connection: res.headers.connection });
        req.destroy();
      });
    });
  });
}

/**
 * A multipart POST that announces `contentLength` bytes and sends none of them: only a server that
 * answers from the headers alone answers it at all.
 */
export function announceOnly(url: string, path: string, token: string, contentLength: number): Promise<RawAnswer> {
  const req = request(`${url}/api${path}`, {
    method: 'POST',
    agent: false,
    headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, 'content-length': String(contentLength) },
  });
  const answer = answerOf(req, () => 0);
  req.flushHeaders();
  return answer;
}

/**
 * A chunked multipart POST of one file of `fileBytes` bytes, written as fast as the server takes it
 * (the client waits for 'drain' like any streaming client) and stopped as soon as an answer comes.
 * `bodyBytesSent` says how much of the body the server had let in by then.
 */
export function streamChunked(url: string, path: string, token: string, fileBytes: number, fileName = 'big.csv'): Promise<RawAnswer> {
  const req = request(`${url}/api${path}`, {
    method: 'POST',
    agent: false,
    headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, 'transfer-encoding': 'chunked' },
  });
  let sent = 0;
  let answered = false;
  const answer = answerOf(req, () => sent).finally(() => (answered = true));
  const chunk = Buffer.alloc(64 * 1024, 'a');
  let wake = () => {};
  req.on('drain', () => wake());
  req.on('close', () => wake());
  answer.finally(() => wake()).catch(() => undefined);
  void (async () => {
    const head = preamble(fileName);
    req.write(head);
    sent += head.length;
    for (let left = fileBytes; left > 0 && !answered && !req.destroyed; left -= chunk.length) {
      const part = left >= chunk.length ? chunk : chunk.subarray(0, left);
      sent += part.length;
      if (!req.write(part)) await new Promise<void>((resolve) => (wake = resolve));
    }
    if (!answered && !req.destroyed) req.end(`\r\n--${BOUNDARY}--\r\n`);
  })();
  return answer;
}
