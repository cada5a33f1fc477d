// The process's policy for errors nobody handled, in a child process of its own (vitest has its own
// handlers): an unhandled rejection is logged with its stack and the process goes on; an uncaught
// exception is logged with its stack and ends the process with status 1.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

function run(script: string) {
  const source = `const { guardProcess } = await import('./app/lib/process-guards.server.ts'); guardProcess(); ${script}`;
  const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', source], {
    env: { ...process.env, LOG_LEVEL: 'info', SESSION_SECRET: 'process-guards-test' },
    encoding: 'utf8',
    timeout: 15_000,
  });
  const lines = child.stdout.split('\n').filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as { level: number; msg: string; err?: { message: string; stack: string } });
  return { status: child.status, lines, stdout: child.stdout };
}

describe('errors nobody handled', () => {
  it('an unhandled rejection is logged with its stack, and the process goes on', () => {
    const { status, lines, stdout } = run(`Promise.reject(new Error('a write behind failed')); setTimeout(() => console.log('still here'), 100);`);
    expect(status).toBe(0);
    expect(stdout).toContain('still here');
    const logged = lines.find((line) => line.msg.startsWith('unhandled rejection'));
    expect(logged?.level).toBe(50);
    expect(logged?.err?.message).toBe('a write behind failed');
    expect(logged?.err?.stack).toMatch(/^Error: a write behind failed\n\s+at /);
  }, 20_000);

  it('an uncaught exception is logged with its stack, and the process ends with status 1', () => {
    const { status, lines, stdout } = run(`setTimeout(() => { throw new Error('half-way'); }, 10); setTimeout(() => console.log('still here'), 500);`);
    expect(status).toBe(1);
    expect(stdout).not.toContain('still here');
    const logged = lines.find((line) => line.msg.startsWith('uncaught exception'));
    expect(logged?.level).toBe(60);
    expect(logged?.err?.stack).toMatch(/^Error: half-way\n\s+at /);
  }, 20_000);
});
