// Figures that compare across machines (issue 11 §1): every scenario is also loaded against a bare
// node:http server answering the same bytes (bare-server.mjs), in the same run, and reported as a
// ratio to it. A faster or busier machine moves both figures; the ratio stays comparable.
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type autocannon from 'autocannon';
import type { Measured, Scenario } from './load';

interface Answer { status: number; headers: Record<string, string>; body: string }

// What node:http writes itself, or what would be wrong to repeat as recorded.
const NOT_COPIED = new Set(['content-length', 'transfer-encoding', 'connection', 'keep-alive', 'date']);

/**
 * The scenario with a recorder on each of its requests: the first answer at each position of the
 * pipeline with a status the scenario expects is kept.
 */
export function recorded(scenario: Scenario): { scenario: Scenario; answers: (Answer | undefined)[] } {
  const answers: (Answer | undefined)[] = scenario.requests.map(() => undefined);
  const requests = scenario.requests.map((request, i): autocannon.Request => ({
    ...request,
    onResponse: (status, body, context, headers) => {
      request.onResponse?.(status, body, context, headers);
      if (answers[i] || !scenario.expected.includes(status)) return;
      answers[i] = { status, body, headers: Object.fromEntries(Object.entries(headers).filter(([name]) => !NOT_COPIED.has(name.toLowerCase()))) };
    },
  }));
  return { scenario: { ...scenario, requests }, answers };
}

/** The same pipeline against the bare server: fixed requests (no setup), for as long as the real load ran. */
export function bareScenario(scenario: Scenario, answers: Answer[]): Scenario {
  const requests = scenario.requests.map(({ setupRequest: _setup, onResponse: _record, ...request }) => request);
  return { name: `${scenario.name} (bare)`, expected: [...new Set(answers.map((a) => a.status))], requests, unit: scenario.unit };
}

/** Loads the bare server with what `scenario` recorded; null when a position never got an expected answer. */
export async function loadBare(scenario: Scenario, answers: (Answer | undefined)[], seconds: number, load: (url: string, s: Scenario, d: number) => Promise<Measured>): Promise<Measured | null> {
  if (answers.some((a) => !a)) return null;
  const bare = await startBare(answers as Answer[]);
  try {
    const { amount: _finite, ...timed } = bareScenario(scenario, answers as Answer[]);
    return await load(bare.url, timed, seconds);
  } finally {
    await bare.stop();
  }
}

/** Starts bare-server.mjs with these answers; resolves once it listens. */
export async function startBare(answers: Answer[]): Promise<{ url: string; pid: number; stop: () => Promise<void> }> {
  const file = join(mkdtempSync(join(tmpdir(), 'bench-bare-')), 'answers.json');
  writeFileSync(file, JSON.stringify(answers));
  const child = spawn(process.execPath, ['tests/bench/bare-server.mjs', file], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`bare server exited with ${code}`)));
    createInterface({ input: child.stdout! }).once('line', resolve);
  });
  return {
    url: `http://127.0.0.1:${port.trim()}`,
    pid: child.pid!,
    stop: async () => {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}
