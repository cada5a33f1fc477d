import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { serveCommand } from './serve-command';

// The README's deployment examples repeat `npm run serve`'s command for systemd and Compose: a change
// to the script's memory flags must reach them, or a deployment runs with the bounds it no longer has.
describe("the README's deployment commands", () => {
  const serve = serveCommand();
  const { NODE_ENV: _, ...malloc } = serve.env;
  const readme = readFileSync('README.md', 'utf8');

  it('start the server with the serve script\'s Node flags and malloc settings (systemd)', () => {
    const execStart = readme.match(/^ExecStart=\/usr\/bin\/node (.*) build\/server\.js$/m);
    expect(execStart?.[1].split(' ')).toEqual(serve.flags);
    for (const [name, value] of Object.entries(malloc)) expect(readme).toMatch(new RegExp(`^Environment=.*\\b${name}=${value}\\b`, 'm'));
  });

  it('start the server with the serve script\'s Node flags and malloc settings (Compose)', () => {
    const command = readme.match(/^\s+command: (\[.*\])$/m);
    expect(JSON.parse(command![1])).toEqual(['node', ...serve.flags, 'build/server.js']);
    for (const [name, value] of Object.entries(malloc)) expect(readme).toMatch(new RegExp(`${name}: "${value}"`));
  });
});
