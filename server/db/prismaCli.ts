// Runs the Prisma CLI offline (../shared/notes/prisma-offline.md): DATABASE_URL must hold some valid
// URL or `prisma generate` tries to download the query engine; nothing connects to it.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { PROJECT_ROOT } from '../paths';

export function runPrisma(args: readonly string[]): string {
  const bin = path.join(PROJECT_ROOT, 'node_modules', '.bin', 'prisma');
  const result = spawnSync(bin, [...args], {
    cwd: PROJECT_ROOT,
    encoding: 'utf8',
    env: {
      ...process.env,
      DATABASE_URL: process.env.DATABASE_URL || 'postgresql://prisma-cli@localhost/unused',
      PRISMA_HIDE_UPDATE_MESSAGE: '1',
    },
  });
  if (result.status !== 0) {
    throw new Error(`prisma ${args.join(' ')} failed:\n${result.stderr}${result.stdout}`);
  }
  return result.stdout;
}
