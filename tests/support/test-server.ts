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

export interface TestServer { url: string; port: number; mailDir: string; dataDir: string; stop: () => Promise<number | null> }

export async function startTestServer(name: string, env: Record<string, string> = {}): Promise<TestServer> {
  const dataDir = resolve(`data/test-${name}`);
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const mailDir = join(dataDir, 'mail');
  const smtp = await startSmtpSink(mailDir);
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const url = `http://localhost:${port}`;
  const child: ChildProcess = spawn(process.execPath, ['build/server.js'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      DATABASE_URL: `file:${join(dataDir, 'ctf.db')}`,
      UPLOAD_DIR: join(dataDir, 'uploads'),
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      PUBLIC_URL: url,
      SESSION_SECRET: 'test-secret-not-for-production',
      SEED: 'demo',
      LOG_LEVEL: 'warn',
      SUPERUSER_EMAIL: SUPERUSER.email,
      SUPERUSER_USERNAME: SUPERUSER.username,
      SUPERUSER_PASSWORD: SUPERUSER.password,
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
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
    mailDir,
    dataDir,
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
