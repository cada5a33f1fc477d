// React's server renderer is patched (app/patches: its production build joins the markup's strings
// and encodes them once per flush). Whatever it renders must come out byte for byte as React's own
// development build, which the patch leaves alone, writes it: text past a flush's threshold,
// characters of two to four bytes, a Suspense boundary that waits for a lazy component, the head's
// resources and escaping. The patch also takes React's AsyncLocalStorage out of its work.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const script = fileURLToPath(new URL('../../tests/support/react-render.cjs', import.meta.url));

/** What tests/support/react-render.cjs saw with the build NODE_ENV picks (React and react-dom alike). */
function rendered(nodeEnv: 'production' | 'development', rows: number): { renders: Buffer[]; storageRuns: number } {
  const out = execFileSync(process.execPath, [script, String(rows)], { env: { ...process.env, NODE_ENV: nodeEnv }, maxBuffer: 64 * 1024 * 1024 });
  const { renders, storageRuns } = JSON.parse(out.toString('utf8')) as { renders: string[]; storageRuns: number };
  return { renders: renders.map((b) => Buffer.from(b, 'base64')), storageRuns };
}
const renders = (nodeEnv: 'production' | 'development', rows: number) => rendered(nodeEnv, rows).renders;

describe("React's server render (patched production build)", () => {
  it('writes the same bytes as the development build, short pages and pages past the flush threshold alike', () => {
    for (const rows of [0, 3, 2000]) {
      const [patched] = renders('production', rows);
      const [own] = renders('development', rows);
      expect(patched.length, `${rows} rows`).toBeGreaterThan(rows * 60 + 27_000);
      expect(patched.equals(own), `${rows} rows`).toBe(true);
      expect(patched.toString('utf8')).toContain('<p class="later">Chargé plus tard · 😀</p>');
    }
  });

  it('keeps no text of one render for the next', () => {
    const [, first, second] = renders('production', 3);
    expect(first.toString('utf8')).toBe('<p>première</p>');
    expect(second.toString('utf8')).toBe('<p>seconde</p>');
  });

  it('runs its work in no AsyncLocalStorage (one in use costs every promise of the process: lib/request-scope.server.ts)', () => {
    expect(rendered('production', 3).storageRuns).toBe(0);
    // React's own build does, which is how this test would see the patch gone.
    expect(rendered('development', 3).storageRuns).toBeGreaterThan(0);
  });
});
