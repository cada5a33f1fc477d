import type { Config } from '@react-router/dev/config';

export default {
  ssr: true,
  appDirectory: 'app',
  buildDirectory: 'build',
  // Every page names the whole route manifest, a static file the browser keeps (immutable asset),
  // instead of a partial one inlined in each page: working out that partial one matched every
  // parent path against the whole route tree on each render.
  routeDiscovery: { mode: 'initial' },
} satisfies Config;
