// Where the project lives on disk (kept free of other imports: the database scripts run before anything
// else is generated).
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The code (for `new Worker(code, { eval: true })`) that runs one of our TypeScript modules in a worker
 *  thread through tsx's loader. `file` is from the project's root, so that it is found also when the server
 *  runs bundled from dist/ (tools/buildServer.ts). */
export function typeScriptWorker(file: string): string {
  const entry = pathToFileURL(path.join(PROJECT_ROOT, file)).href;
  return `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); })`;
}
