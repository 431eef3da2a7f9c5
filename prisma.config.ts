// Prisma CLI configuration (../shared/notes/prisma-offline.md): the JavaScript schema engine with a
// driver adapter, so no native engine is ever downloaded. The CLI is used only for `prisma generate`
// and `prisma migrate diff` (server/db/generate.ts, server/db/diff.ts); migrations are applied by the
// server itself at start-up (server/db/migrate.ts), never by `prisma migrate deploy`. The adapter is
// therefore a throw-away in-memory PGlite: the CLI never touches a real database.
import { defineConfig, type PrismaConfig } from 'prisma/config';

type MigrationAdapter = Awaited<ReturnType<NonNullable<Extract<PrismaConfig, { engine: 'js' }>['adapter']>>>;

export default defineConfig({
  schema: 'prisma/schema.prisma',
  experimental: { adapter: true },
  engine: 'js',
  adapter: async () => {
    const { PGlite } = await import('@electric-sql/pglite');
    const { PrismaPGlite } = await import('pglite-prisma-adapter');
    // Typed against an older @prisma/driver-adapter-utils; the same interface at run time.
    return new PrismaPGlite(new PGlite()) as unknown as MigrationAdapter;
  },
});
