import type { INestApplicationContext } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import type { IncomingMessage } from 'node:http';
import type { OriginPolicy } from '../http/origin-policy.js';

type IoServerOptions = NonNullable<Parameters<IoAdapter['createIOServer']>[1]>;

/**
 * Socket.IO with the API's origin rule. Browsers apply CORS to long-polling but not to WebSocket
 * upgrades, so a foreign page could otherwise open a socket: `allowRequest` refuses the handshake
 * of both transports from an origin the policy does not allow, and the CORS headers of polling
 * name only allowed origins.
 */
export class OriginCheckedIoAdapter extends IoAdapter {
  constructor(
    app: INestApplicationContext,
    private readonly policy: OriginPolicy,
  ) {
    super(app);
  }

  // typed from IoAdapter: @nestjs/platform-socket.io carries its own copy of socket.io
  override createIOServer(port: number, options?: IoServerOptions): ReturnType<IoAdapter['createIOServer']> {
    const cors = (req: IncomingMessage, callback: (err: Error | null, options: { origin: string | false }) => void) =>
      callback(null, { origin: this.policy.allows(req) && req.headers.origin ? req.headers.origin : false });
    return super.createIOServer(port, {
      ...options,
      cors: cors as IoServerOptions['cors'],
      allowRequest: (req, callback) => callback(this.policy.allows(req) ? null : 'Origin not allowed', this.policy.allows(req)),
    } as IoServerOptions);
  }
}
