import { fileURLToPath } from 'node:url';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [tailwindcss(), ...(process.env.VITEST ? [] : [reactRouter()])],
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
