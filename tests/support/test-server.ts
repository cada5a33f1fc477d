// Starts the production build (npm run build first: build/server.js) on a free port with its own database, mail sink
// and superuser: the API contract tests and the browser journeys both talk to a real server.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { startSmtpSink } from './smtp-sink';

export const SUPERUSER = { email: 'root@ctf.test', username: 'root', password: 'root-password-1' };

export async function freePort(): Promise<number> {
  return new Promise((res) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => res(port));
    });
  });
}

export interface TestServer {
  url: string; port: number; mailDir: string; dataDir: string; stop: () => Promise<number | null>;
  /** The DATABASE_URL it runs on. */
  databaseUrl: string;
  /** The server's process id (for reading /proc/<pid>/status). */
  pid: number;
  /** What the server wrote to stdout and stderr so far, when started with `captureOutput`. */
  output: () => string;
}

export interface TestServerOptions {
  /** Node flags before the server file, e.g. the `serve` script's heap limits. */
  nodeArgs?: string[];
  /** The built server to run (default build/server.js). */
  entry?: string;
  /** Keep the server's output for output() (it is still printed). */
  captureOutput?: boolean;
}

export async function startTestServer(name: string, env: Record<string, string> = {}, options: TestServerOptions = {}): Promise<TestServer> {
  const dataDir = resolve(`data/test-${name}`);
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const mailDir = join(dataDir, 'mail');
  const smtp = await startSmtpSink(mailDir);
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const url = `http://localhost:${port}`;
  const databaseUrl = env.DATABASE_URL ?? `file:${join(dataDir, 'ctf.db')}`;
  const child: ChildProcess = spawn(process.execPath, [...(options.nodeArgs ?? []), options.entry ?? 'build/server.js'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      UPLOAD_DIR: join(dataDir, 'uploads'),
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      PUBLIC_URL: url,
      SESSION_SECRET: 'test-secret-not-for-production',
      SEED: 'demo',
      LOG_LEVEL: 'warn',
      // Tests call the sweep themselves; a timer writing notices mid-journey would move badges.
      EVENT_REMINDERS: 'off',
      // Test servers share two cores with the test runner and each other: their waits are not what
      // the tests judge, so the admission's wait target is lifted (tests/api/overload.test.ts sets its own bound).
      ADMISSION_TARGET_WAIT_MS: '10000',
      SUPERUSER_EMAIL: SUPERUSER.email,
      SUPERUSER_USERNAME: SUPERUSER.username,
      SUPERUSER_PASSWORD: SUPERUSER.password,
      ...env,
    },
    stdio: ['ignore', options.captureOutput ? 'pipe' : 'inherit', options.captureOutput ? 'pipe' : 'inherit'],
  });
  let output = '';
  for (const stream of [child.stdout, child.stderr]) {
    stream?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      (stream === child.stdout ? process.stdout : process.stderr).write(chunk);
    });
  }
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`test server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {}
    if (Date.now() > deadline) throw new Error('test server did not become healthy');
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    port,
    databaseUrl,
    mailDir,
    dataDir,
    pid: child.pid!,
    output: () => output,
    /** SIGTERM, as a process manager would; resolves with the exit code. */
    stop: async () => {
      const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
      child.kill('SIGTERM');
      const code = await exited;
      await smtp.close();
      return code;
    },
  };
}
