import { fileURLToPath } from 'node:url';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

export default defineConfig({
  plugins: [
    tailwindcss(),
    ...(process.env.VITEST ? [] : [reactRouter()]),
    // The browser's assets, brotli-compressed once at build (quality 11: a fifth smaller than the
    // gzip server.ts would make per request), served by server.ts to clients that take br.
    { ...compression({ algorithms: ['brotliCompress'], include: /\.(js|css|svg)$/, threshold: 1024, skipIfLargerOrEqual: true, logLevel: 'silent' }), apply: (_config, env) => env.command === 'build' && !env.isSsrBuild },
  ],
  resolve: { alias: { '~': fileURLToPath(new URL('./app', import.meta.url)) } },
  build: { target: 'es2022' },
  test: {
    // Two projects, each runnable alone (`npx vitest run --project unit`): the domain and library
    // tests need no server and no build; the API contract tests run against the production build
    // (`npm run build` first), one server for all their files.
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['app/**/*.test.ts', 'tests/support/**/*.test.ts'], setupFiles: ['tests/support/vitest-setup.ts'] },
      },
      {
        extends: true,
        test: { name: 'api', include: ['tests/api/**/*.test.ts'], setupFiles: ['tests/support/vitest-setup.ts'], globalSetup: ['tests/support/api-global-setup.ts'] },
      },
    ],
    pool: 'forks',
    testTimeout: 20_000,
  },
} as import('vite').UserConfig);
