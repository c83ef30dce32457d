import { BadRequestException, type CallHandler, type ExecutionContext, type NestInterceptor, PayloadTooLargeException } from '@nestjs/common';
import type { Request, RequestHandler, Response } from 'express';
import multer, { MulterError } from 'multer';
import type { Observable } from 'rxjs';

/**
 * What a multipart body may carry besides its one file: the boundary, the part headers and up to
 * 10 fields of at most 64 KB each.
 */
export const MULTIPART_OVERHEAD_BYTES = 1024 * 1024;
const FIELD_MAX_BYTES = 64 * 1024;

const tooLarge = () => new PayloadTooLargeException('The request is larger than the upload limit.');

/**
 * One `file` field read into memory, at most `fileLimit()` bytes (read for each request), without
 * reading a body that cannot fit:
 *
 * - a request that announces more (`Content-Length`) is refused before a byte of its body is read;
 * - a body without a length (chunked) or longer than it said is counted as it arrives, and refused
 *   once it passes the cap; nothing reads it any more.
 *
 * multer alone reads such a body to its end before reporting its size error (it drains the request
 * so that the client gets no EPIPE), and Nest's FileInterceptor destroys a request still being
 * received once an answer is written (the client may then get a reset instead of the answer); so
 * this runs multer itself. The route's filter answers 413 in its usual envelope and calls
 * `closeAfterAnswer`. multer's errors become Nest's exceptions as FileInterceptor makes them.
 */
export abstract class CappedFileInterceptor implements NestInterceptor {
  private upload?: RequestHandler;
  private uploadLimit = 0;

  protected abstract fileLimit(): number;

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const http = context.switchToHttp();
    const req = http.getRequest<Request>();
    const res = http.getResponse<Response>();
    const limit = this.fileLimit();
    if (!this.upload || this.uploadLimit !== limit) {
      this.uploadLimit = limit;
      const parts = { files: 1, fields: 10, fieldSize: FIELD_MAX_BYTES, parts: 11, fieldNestingDepth: 32, fieldArrayIndexLimit: 1000 };
      this.upload = multer({ storage: multer.memoryStorage(), limits: { fileSize: limit, ...parts } }).single('file');
    }
    const cap = limit + MULTIPART_OVERHEAD_BYTES;
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > cap) throw tooLarge();

    let received = 0;
    let onData: (chunk: Buffer) => void = () => undefined;
    const overCap = new Promise<never>((_, reject) => {
      onData = (chunk: Buffer) => {
        received += chunk.length;
        if (received <= cap) return;
        // the body is abandoned: nothing reads it any more (multer may be draining it), the answer closes the connection
        req.unpipe();
        req.removeAllListeners('data');
        req.removeAllListeners('readable');
        req.pause();
        reject(tooLarge());
      };
    });
    overCap.catch(() => undefined);
    // an extra 'data' listener only observes: multer's pipe still controls the flow
    req.on('data', onData);
    const upload = this.upload;
    const parsed = new Promise<void>((resolve, reject) => upload(req, res, (err?: unknown) => (err ? reject(multerException(err)) : resolve())));
    parsed.catch(() => undefined);
    try {
      await Promise.race([parsed, overCap]);
    } finally {
      req.off('data', onData);
    }
    return next.handle();
  }
}

/** multer's and busboy's errors as FileInterceptor words them: too large is 413, a malformed form 400. */
function multerException(err: unknown): unknown {
  if (err instanceof MulterError) {
    if (err.code === 'LIMIT_FILE_SIZE') return tooLarge();
    return Object.assign(new BadRequestException(err.message), { field: err.field });
  }
  // busboy: "Unexpected end of form", "Malformed part header", "Multipart: Boundary not found", "Unsupported content type"
  if (err instanceof Error && /^(Unexpected end of (form|file)|Malformed part header|Multipart: Boundary not found|Unsupported content type)/.test(err.message)) {
    return new BadRequestException(err.message);
  }
  return err;
}

/**
 * How long a refused upload's connection stays open, not read, after its answer: time for the
 * client to read the answer before the close (a close with unread bytes sends a reset, and a reset
 * that arrives first would lose the answer: the client would see "connection reset" instead of the
 * 413). Go's net/http waits the same half second for the same reason.
 */
export const REFUSED_UPLOAD_LINGER_MS = 500;

/**
 * For a 413 filter: closes the connection after the answer instead of reading the rest of a body
 * too large to read (Node would otherwise pull it off the wire to reuse the connection). The answer
 * says `Connection: close`; once it is written the server's side is ended (FIN) and the socket is
 * destroyed `REFUSED_UPLOAD_LINGER_MS` later, or as soon as the client closes.
 * Answers false when the answer was already written.
 */
export function closeAfterAnswer(res: Response): boolean {
  if (res.headersSent) return false;
  res.setHeader('Connection', 'close');
  const socket = res.socket;
  if (socket) {
    // Node calls destroySoon() once an answer that says Connection: close is written
    socket.destroySoon = () => {
      socket.end();
      const timer = setTimeout(() => socket.destroy(), REFUSED_UPLOAD_LINGER_MS);
      timer.unref();
      socket.once('close', () => clearTimeout(timer));
    };
  }
  return true;
}
