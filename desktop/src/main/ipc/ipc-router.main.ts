import { bridgeError, type BridgeResult, type IpcChannel } from '@crm/common';
import type { IpcMainInvokeEvent } from 'electron';

/** The part of ipcMain the router uses. */
export interface IpcMainLike {
  handle(channel: string, listener: (event: IpcMainInvokeEvent, ...args: unknown[]) => unknown): void;
}

/** Any zod schema (or anything shaped like one) that validates a payload. */
export interface PayloadSchema<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false; error: { issues: { message: string }[] } };
}

export interface Logger {
  warn(message: string): void;
  error(message: string, error?: unknown): void;
}

export interface IpcRouter {
  handle<T, R>(channel: IpcChannel, schema: PayloadSchema<T> | null, handler: (payload: T, event: IpcMainInvokeEvent) => Promise<BridgeResult<R>> | BridgeResult<R>): void;
}

export const FORBIDDEN = 'Forbidden';

/**
 * Every IPC handler goes through here: the sender is checked first (only the app's own page
 * may call), then the payload is validated, and errors come back as `{ ok: false }` values
 * instead of rejected promises.
 */
export function createIpcRouter({ ipcMain, isTrustedSender, log }: { ipcMain: IpcMainLike; isTrustedSender: (event: IpcMainInvokeEvent) => boolean; log: Logger }): IpcRouter {
  return {
    handle(channel, schema, handler) {
      ipcMain.handle(channel, async (event, payload) => {
        let trusted = false;
        try {
          trusted = isTrustedSender(event);
        } catch {
          // A sender whose frame is already gone cannot be checked, so it is not trusted.
        }
        if (!trusted) {
          log.warn(`IPC ${channel} refused: untrusted sender ${event.senderFrame?.url ?? '(no frame)'}`);
          return bridgeError(FORBIDDEN);
        }
        let input: never = undefined as never;
        if (schema) {
          const parsed = schema.safeParse(payload);
          if (!parsed.success) return bridgeError(parsed.error.issues[0]?.message ?? 'Invalid request');
          input = parsed.data as never;
        }
        try {
          return await handler(input, event);
        } catch (error) {
          log.error(`IPC ${channel} failed`, error);
          return bridgeError('Unexpected error occurred');
        }
      });
    },
  };
}
