import { HttpStatus, Inject, Injectable, Logger, Optional, type OnApplicationShutdown } from '@nestjs/common';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import { ApiError } from '../../platform/http/api-error.js';
import type { CheckedImport } from './contact-import.parser.js';
import type { ContactsTable } from './contacts-export.js';
import type { ContactsWorkerTask, ImportOutcome } from './contacts.worker.js';
import type { SheetSpec } from './workbook.js';

export type ContactsWorkerLimits = {
  /** Old-generation heap of one worker; a file that needs more ends that worker, not the server. */
  memoryMb: number;
  /** A task still running after this is stopped (its worker terminated). */
  timeoutMs: number;
  threads: number;
  /** Tasks waiting for a thread; more are refused with 503 (each holds its file in memory). */
  queue: number;
};

/** Injection token for other limits (tests). */
export const CONTACTS_WORKER_LIMITS = 'CONTACTS_WORKER_LIMITS';
export const DEFAULT_CONTACTS_WORKER_LIMITS: ContactsWorkerLimits = { memoryMb: 512, timeoutMs: 60_000, threads: 2, queue: 16 };

/**
 * The worker's file. From backend/dist it is the compiled contacts.worker.js. From src (vitest,
 * `npm run dev`) the worker's .ts files are compiled with swc into node_modules/.cache first: a
 * worker that loads TypeScript through loader hooks (`--import @swc-node/register/esm-register`)
 * works, but on Node 20 the next worker started after one ended by its memory limit crashes the
 * whole process (segmentation fault), which is exactly the case the limit is for.
 */
function workerFile(): string {
  const here = fileURLToPath(import.meta.url);
  // contacts.worker-entry.cjs: a CommonJS entry that import()s the worker (see that file for why)
  if (!here.endsWith('.ts')) return join(dirname(here), 'contacts.worker-entry.cjs');
  const srcRoot = resolve(dirname(here), '../..');
  // inside the repository, so the compiled files find its node_modules (@e965/xlsx, @crm/common's dist)
  const outRoot = resolve(srcRoot, '../../node_modules/.cache/crm-backend-workers');
  // the compiled .js files are ES modules: without a package.json of type module above them (the
  // search stops at node_modules) a process started with swc's loader hooks — `npm run dev`, the
  // benchmarks — loads them as CommonJS and the export fails (ERR_REQUIRE_CYCLE_MODULE)
  mkdirSync(outRoot, { recursive: true });
  const scope = join(outRoot, 'package.json');
  writeFileSync(`${scope}.${process.pid}.tmp`, '{ "type": "module" }\n');
  renameSync(`${scope}.${process.pid}.tmp`, scope);
  const swc = createRequire(import.meta.url)('@swc/core') as typeof import('@swc/core');
  const done = new Set<string>();
  const compile = (file: string) => {
    if (done.has(file)) return;
    done.add(file);
    const { code } = swc.transformFileSync(file, {
      swcrc: false,
      jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
      module: { type: 'es6' },
      sourceMaps: 'inline',
    });
    const out = join(outRoot, relative(srcRoot, file)).replace(/\.ts$/, '.js');
    mkdirSync(dirname(out), { recursive: true });
    const temporary = `${out}.${process.pid}.tmp`; // several test processes may compile at once
    writeFileSync(temporary, code);
    renameSync(temporary, out);
    for (const [, spec] of code.matchAll(/from\s+['"](\.{1,2}\/[^'"]+)\.js['"]/g)) compile(resolve(dirname(file), `${spec}.ts`));
  };
  const worker = join(dirname(here), 'contacts.worker.ts');
  compile(worker);
  const entry = join(dirname(here), 'contacts.worker-entry.cts');
  const { code } = swc.transformFileSync(entry, {
    swcrc: false,
    jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
    // import() stays import(): loading the worker asynchronously is the point of the entry
    module: { type: 'commonjs', ignoreDynamic: true },
  });
  const out = join(outRoot, relative(srcRoot, entry)).replace(/\.cts$/, '.cjs');
  const temporary = `${out}.${process.pid}.tmp`;
  writeFileSync(temporary, code);
  renameSync(temporary, out);
  return out;
}

const TOO_HEAVY = (limits: ContactsWorkerLimits) =>
  `The file needs more than the ${limits.memoryMb} MB of memory an import may use. Nothing was imported. Save it as CSV with only the columns to import and upload it again.`;
const TOO_SLOW = (limits: ContactsWorkerLimits) =>
  `The file took longer than ${limits.timeoutMs / 1000} seconds to read. Nothing was imported. Save it as CSV with only the columns to import and upload it again.`;
const BUSY = 'Too many imports and exports are running right now. Try again in a minute.';

/**
 * The worker pool that reads contact import files and writes export workbooks (contacts.worker.ts),
 * off the event loop: parsing 10,000 rows and normalising their phones takes seconds of CPU, and a
 * crafted spreadsheet could take gigabytes. Each worker has a heap cap (resourceLimits) and each
 * task a time limit; exceeding either ends that worker only, and piscina starts a fresh one.
 */
@Injectable()
export class ContactsWorkerPool implements OnApplicationShutdown {
  private readonly logger = new Logger('ContactsWorkers');
  private readonly pool: Piscina<ContactsWorkerTask, ImportOutcome | Uint8Array>;

  constructor(@Optional() @Inject(CONTACTS_WORKER_LIMITS) private readonly limits: ContactsWorkerLimits = DEFAULT_CONTACTS_WORKER_LIMITS) {
    this.pool = new Piscina({
      filename: workerFile(),
      minThreads: 0,
      maxThreads: limits.threads,
      maxQueue: limits.queue,
      idleTimeout: 60_000,
      resourceLimits: { maxOldGenerationSizeMb: limits.memoryMb, maxYoungGenerationSizeMb: 32 },
    });
  }

  /** The file's rows, checked (phones normalised in `country`); ApiError 400/413 for a file refused as a whole. */
  async readImport(file: Buffer, filename: string, country: string): Promise<CheckedImport> {
    const outcome = (await this.run({ kind: 'import', file, filename, country }, true)) as ImportOutcome;
    if (!outcome.ok) {
      const params = { problem: outcome.problem, ...outcome.params };
      throw new ApiError(outcome.status, outcome.error, 'file').withCode(outcome.status === 413 ? 'payload_too_large' : 'contact.import_file_invalid', params);
    }
    return outcome.checked;
  }

  async writeExport(table: ContactsTable): Promise<Buffer> {
    const bytes = (await this.run({ kind: 'export', table }, false)) as Uint8Array;
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  /** A plain workbook of several sheets (the report export), written off the event loop. */
  async writeWorkbook(sheets: SheetSpec[]): Promise<Buffer> {
    const bytes = (await this.run({ kind: 'workbook', sheets }, false)) as Uint8Array;
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  private async run(task: ContactsWorkerTask, isImport: boolean): Promise<ImportOutcome | Uint8Array> {
    try {
      return await this.pool.run(task, { signal: AbortSignal.timeout(this.limits.timeoutMs) });
    } catch (err) {
      const code = (err as { code?: string }).code;
      const name = (err as Error).name;
      if (code === 'ERR_WORKER_OUT_OF_MEMORY') {
        this.logger.warn(`A ${task.kind} ran out of worker memory (${this.limits.memoryMb} MB)`);
        if (isImport) throw new ApiError(HttpStatus.PAYLOAD_TOO_LARGE, TOO_HEAVY(this.limits), 'file').withCode('payload_too_large', { problem: 'too_heavy', memoryMb: this.limits.memoryMb });
      } else if (name === 'AbortError' || name === 'TimeoutError') {
        this.logger.warn(`A ${task.kind} was stopped after ${this.limits.timeoutMs} ms`);
        if (isImport) {
          const seconds = this.limits.timeoutMs / 1000;
          throw new ApiError(HttpStatus.PAYLOAD_TOO_LARGE, TOO_SLOW(this.limits), 'file').withCode('payload_too_large', { problem: 'too_slow', seconds });
        }
      } else if ((err as Error).message === 'Task queue is at limit') {
        throw new ApiError(HttpStatus.SERVICE_UNAVAILABLE, BUSY, undefined, { 'Retry-After': '60' });
      }
      throw err;
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.pool.destroy();
  }
}
