import { fileURLToPath } from 'node:url';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

// The browser's small shared modules in one chunk (docs/rules.md "Speed", the JavaScript budget).
// Split one per module, a page loaded fifteen files of under a kilobyte each, and on a slow link
// each costs its headers (about 370 bytes) and a compression of its own: together they weighed a
// tenth of a page's JavaScript. Only modules whose whole import tree is our own code or React and
// React Router join it, so no page loads zod, conform or a chart through it.
const SHARED = /\/app\/(components|lib)\/[^/]+\.tsx?$/;
const LIGHT_PACKAGE = /\/node_modules\/(react|react-dom|react-router|scheduler|cookie|set-cookie-parser)\//;
type ModuleInfo = { importedIds: readonly string[] } | null;
type Info = (id: string) => ModuleInfo;
/** Rollup's manualChunks, with each module's verdict worked out once per build. */
function sharedChunks() {
  // Only a walk's own answer is kept: inside one, a module already on the path counts as light (a
  // cycle), so an answer found deeper is conditional on the walk's start.
  const verdicts = new Map<string, boolean>();
  const light = (id: string, info: Info) => {
    let verdict = verdicts.get(id);
    if (verdict === undefined) verdicts.set(id, (verdict = walk(id, info, new Set())));
    return verdict;
  };
  function walk(id: string, info: Info, seen: Set<string>): boolean {
    if (seen.has(id)) return true;
    const known = verdicts.get(id);
    if (known !== undefined) return known;
    seen.add(id);
    if (id.includes('/node_modules/')) return LIGHT_PACKAGE.test(id);
    // Vite's and Rollup's own helpers (the preload helper of a dynamic import) are virtual modules.
    if (id.startsWith('\0')) return true;
    if (!SHARED.test(id) || /\.server\.tsx?$/.test(id)) return false;
    return (info(id)?.importedIds ?? []).every((imported) => walk(imported, info, seen));
  }
  return (id: string, { getModuleInfo }: { getModuleInfo: Info }): string | undefined => {
    if (/\/node_modules\/react\/jsx-runtime|\/node_modules\/react-dom\/index\.js/.test(id)) return 'shared';
    return SHARED.test(id) && light(id, getModuleInfo) ? 'shared' : undefined;
  };
}

/** API test files that start servers of their own (test-server.ts) rather than use the project's one. */
const API_OWN_SERVERS = ['accept-in-rush', 'body-limit', 'body-parsing', 'configuration', 'database-busy', 'login-limits', 'overload', 'pipelined-hangups', 'shutdown', 'upload-limits', 'workers'].map((name) => `tests/api/${name}.test.ts`);

/** API test files that assert one process's page-cache hits or shared renders. */
const API_ONE_PROCESS = ['notifications', 'one-request-path', 'page-cache', 'shared-render', 'viewers-apart'].map((name) => `tests/api/${name}.test.ts`);

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    tailwindcss(),
    ...(process.env.VITEST ? [] : [reactRouter()]),
    // The browser's assets, brotli-compressed once at build (quality 11: a fifth smaller than the
    // gzip server.ts would make per request), served by server.ts to clients that take br.
    { ...compression({ algorithms: ['brotliCompress'], include: /\.(js|css|svg)$/, threshold: 1024, skipIfLargerOrEqual: true, logLevel: 'silent' }), apply: (_config, env) => env.command === 'build' && !env.isSsrBuild },
  ],
  resolve: { alias: { '~': fileURLToPath(new URL('./app', import.meta.url)) } },
  build: { target: 'es2022', rollupOptions: isSsrBuild ? {} : { output: { manualChunks: sharedChunks() } } },
  test: {
    // Five projects, each runnable alone (`npx vitest run --project unit`): the domain and library
    // tests need no server and no build; the API contract tests run against the production build
    // (`npm run build` first), one server for all their files; the PostgreSQL ones against a
    // throwaway PostgreSQL server (Debian's package installed): the domain's tests again
    // (unit-postgresql), the API contract against two server processes (api-postgresql), and the
    // PostgreSQL machinery itself (postgresql).
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['app/**/*.test.ts', 'tests/support/**/*.test.ts'], setupFiles: ['tests/support/vitest-setup.ts'] },
      },
      {
        extends: true,
        test: { name: 'api', include: ['tests/api/**/*.test.ts'], setupFiles: ['tests/support/vitest-setup.ts', 'tests/support/contract-fetch.ts', 'tests/support/server-database.ts'], globalSetup: ['tests/support/api-global-setup.ts'] },
      },
      {
        extends: true,
        test: {
          name: 'api-postgresql',
          include: ['tests/api/**/*.test.ts'],
          // These start servers of their own, on SQLite: what they test is the server's, not the database's
          // (two-processes.test.ts starts its two on PostgreSQL here). API_ONE_PROCESS count one process's
          // page cache and shared renders: with two answering in turn, a hit depends on which one answers
          // (two-processes.test.ts tests the cache across processes).
          exclude: [...API_OWN_SERVERS, ...API_ONE_PROCESS],
          setupFiles: ['tests/support/vitest-setup.ts', 'tests/support/contract-fetch.ts', 'tests/support/server-database.ts'],
          globalSetup: ['tests/support/api-postgres-global-setup.ts'],
        },
      },
      {
        extends: true,
        // The domain's tests again, each file on a new PostgreSQL database: the same rules on both.
        test: { name: 'unit-postgresql', include: ['app/domain/**/*.test.ts'], setupFiles: ['tests/support/vitest-setup.ts', 'tests/support/postgres-database.ts'], globalSetup: ['tests/support/postgres-global-setup.ts'] },
      },
      {
        extends: true,
        test: { name: 'postgresql', include: ['tests/postgresql/**/*.test.ts'], setupFiles: ['tests/support/vitest-setup.ts'], globalSetup: ['tests/support/postgres-global-setup.ts'] },
      },
    ],
    pool: 'forks',
    testTimeout: 20_000,
  },
}) as import('vite').UserConfig);
