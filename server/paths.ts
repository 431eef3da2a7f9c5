// Where the project lives on disk (kept free of other imports: the database scripts run before anything
// else is generated).
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Our modules run in worker threads (bundled beside the server by tools/buildServer.ts). */
export const WORKER_MODULES = ['server/db/pgliteWorker.ts', 'server/botWorker.ts'] as const;

/** Starts one of WORKER_MODULES in a worker thread: its bundle in dist/ when the server runs bundled
 *  (tools/buildServer.ts), else its TypeScript through tsx's loader. */
export function startWorker(file: (typeof WORKER_MODULES)[number], options: WorkerOptions = {}): Worker {
  if (/\.[cm]js$/.test(import.meta.url)) {
    return new Worker(path.join(PROJECT_ROOT, 'dist', `${path.basename(file, '.ts')}.mjs`), options);
  }
  const entry = pathToFileURL(path.join(PROJECT_ROOT, file)).href;
  const boot = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); })`;
  return new Worker(boot, { ...options, eval: true });
}
