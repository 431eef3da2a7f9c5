// `npm run db:generate`: generates the Prisma client into server/generated/prisma (gitignored) when it
// is missing or prisma/schema.prisma changed since it was generated. Chained before typecheck and start.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../paths';
import { runPrisma } from './prismaCli';

const schema = path.join(PROJECT_ROOT, 'prisma', 'schema.prisma');
const output = path.join(PROJECT_ROOT, 'server', 'generated', 'prisma');
const stamp = path.join(output, '.schema-sha256');

const hash = createHash('sha256').update(readFileSync(schema)).digest('hex');
const current = existsSync(stamp) ? readFileSync(stamp, 'utf8').trim() : null;
if (current !== hash || !existsSync(path.join(output, 'client.ts'))) {
  runPrisma(['generate', '--schema', schema]);
  writeFileSync(stamp, `${hash}\n`);
  console.log('Prisma client generated in server/generated/prisma');
}
