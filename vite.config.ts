import { fileURLToPath } from 'node:url';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [tailwindcss(), ...(process.env.VITEST ? [] : [reactRouter()])],
  resolve: { alias: { '~': fileURLToPath(new URL('./app', import.meta.url)) } },
  build: { target: 'es2022' },
  test: {
    include: ['app/**/*.test.ts', 'tests/api/**/*.test.ts', 'tests/support/**/*.test.ts'],
    setupFiles: ['tests/support/vitest-setup.ts'],
    globalSetup: ['tests/support/api-global-setup.ts'],
    pool: 'forks',
    testTimeout: 20_000,
  },
} as import('vite').UserConfig);
