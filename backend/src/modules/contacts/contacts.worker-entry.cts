/*
 * What piscina loads in each worker. piscina require()s its worker file; this CommonJS entry then
 * loads the worker's ES modules with import(), asynchronously. Node 20 aborts the whole process (a
 * fatal V8 error, not an exception) when a worker is terminated while require() is loading an ES
 * module graph — as when a task's time limit passes while its new worker is still loading its
 * modules on a busy machine.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

type RunTask = (task: unknown) => Promise<unknown>;
let loaded: Promise<RunTask> | undefined;

export = async function runTask(task: unknown): Promise<unknown> {
  loaded ??= import(pathToFileURL(join(__dirname, 'contacts.worker.js')).href).then((m: { default: RunTask }) => m.default);
  return (await loaded)(task);
};
