import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * How `npm start` runs the server: package.json's "serve" script, split into its environment
 * (`MALLOC_ARENA_MAX=2 …`) and its Node flags (`--max-old-space-size=160 …`), which bound memory.
 * The bench and the upload-memory test start `build/server.js` with these, so they measure the process
 * `npm start` runs, without npm in between, and follow the script when it changes. `dir`: the
 * checkout whose script to read (bench:ab runs two).
 */
export function serveCommand(dir = '.'): { env: Record<string, string>; flags: string[] } {
  const script: string = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).scripts.serve;
  const [before, after] = script.split(/\bnode\s+/);
  const env = Object.fromEntries(before.trim().split(/\s+/).filter((word) => /^[A-Z_]+=/.test(word)).map((pair) => pair.split('=') as [string, string]));
  return { env, flags: after.replace(/\s*build\/server\.js\s*$/, '').split(/\s+/).filter(Boolean) };
}
