// Where a profiled server spent its time (`npm run bench -- small --profile`): self time by package
// (or by file of the app and of Node), over the busy samples of one .cpuprofile.
import { readFileSync } from 'node:fs';

interface Node { id: number; callFrame: { functionName: string; url: string }; children?: number[] }
interface Profile { nodes: Node[]; samples: number[]; timeDeltas: number[] }

function owner(node: Node): string {
  const url = node.callFrame.url;
  const pkg = url.match(/node_modules\/((@[^/]+\/)?[^/]+)/);
  if (pkg) return pkg[1];
  if (url.includes('build/server/')) return 'app (build/server)';
  if (url.startsWith('node:') || url.includes('/internal/')) return `node:${url.replace(/^.*\/(lib|internal)\//, '').replace(/^node:/, '')}`;
  return url ? url.replace(/^.*\/work\/[^/]+\//, '') : node.callFrame.functionName;
}

export function summarize(file: string, top = 15): string[] {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  let busy = 0;
  let total = 0;
  profile.samples.forEach((id, i) => {
    const t = profile.timeDeltas[i] ?? 0;
    total += t;
    const node = byId.get(id)!;
    if (node.callFrame.functionName === '(idle)') return;
    busy += t;
    const key = owner(node);
    self.set(key, (self.get(key) ?? 0) + t);
  });
  const lines = [`busy ${((busy / total) * 100).toFixed(0)}% of the samples; self time of the busy part:`];
  for (const [key, t] of [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, top)) lines.push(`${((t / busy) * 100).toFixed(1).padStart(6)}%  ${key}`);
  return lines;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const file of process.argv.slice(2)) console.log(`${file}\n${summarize(file).join('\n')}\n`);
}
