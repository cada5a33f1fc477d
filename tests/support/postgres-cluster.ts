// A throwaway PostgreSQL server from Debian's packages (postgresql-15; tests/run-all.sh installs it
// on a machine without it), started in a temporary folder on a free loopback port and removed on
// stop. Durability is turned off: nothing in it outlives the tests.
import { execFileSync, spawnSync, type SpawnSyncOptions } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface Cluster {
  /** The URL of the database `name` (the server's own `postgres` database by default). */
  url(name?: string): string;
  /** The server's main process (its connections' processes are its children). */
  pid(): number;
  stop(): void;
}

export interface ClusterOptions {
  /**
   * Writes reach the disk as a production server's would (fsync, full pages), committing without
   * waiting for them (synchronous_commit off, as SQLite's synchronous=NORMAL in WAL mode does): for
   * the bench. Tests turn durability off.
   */
  durable?: boolean;
}

/** The newest installed server's bin folder, or a message saying how to install one. */
function serverBin(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).filter((v) => existsSync(join(root, v, 'bin', 'postgres'))) : [];
  if (!versions.length) throw new Error('No PostgreSQL server found under /usr/lib/postgresql: install Debian\'s (apt-get install postgresql), as tests/run-all.sh does.');
  return join(root, versions.sort((a, b) => Number(b) - Number(a))[0], 'bin');
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  const bin = serverBin();
  const dir = mkdtempSync(join(tmpdir(), 'ctf-postgres-'));
  // PostgreSQL refuses to run as root (CI runs as root): the server runs as the package's own user.
  const asUser: SpawnSyncOptions = {};
  if (process.getuid?.() === 0) {
    const [uid, gid] = ['-u', '-g'].map((flag) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim()));
    chownSync(dir, uid, gid);
    Object.assign(asUser, { uid, gid, env: { ...process.env, HOME: dir } });
  }
  const run = (program: string, args: string[]) => {
    const result = spawnSync(join(bin, program), args, { ...asUser, encoding: 'utf8', timeout: 60_000 });
    if (result.status !== 0) {
      const log = existsSync(join(dir, 'server.log')) ? readFileSync(join(dir, 'server.log'), 'utf8') : '';
      throw new Error(`${program} failed (${result.status ?? result.signal}): ${result.stderr}${result.error ?? ''}\n${log}`);
    }
  };
  const data = join(dir, 'data');
  const port = await freePort();
  run('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
  const durability = options.durable ? ['synchronous_commit=off'] : ['fsync=off', 'synchronous_commit=off', 'full_page_writes=off'];
  const settings = ['listen_addresses=127.0.0.1', `port=${port}`, `unix_socket_directories=${dir}`, ...durability];
  run('pg_ctl', ['start', '-w', '-D', data, '-l', join(dir, 'server.log'), '-o', settings.map((s) => `-c ${s}`).join(' ')]);
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    process.off('exit', stop);
    try {
      run('pg_ctl', ['stop', '-D', data, '-m', 'immediate']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  // A process that ends without its teardown (a crash, an uncaught error) still stops its server.
  process.on('exit', stop);
  return {
    url: (name = 'postgres') => `postgresql://postgres@127.0.0.1:${port}/${name}`,
    pid: () => Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]),
    stop,
  };
}

/** A new empty database on the server at `serverUrl` (its `postgres` database); returns its URL. */
export async function freshDatabase(serverUrl: string): Promise<string> {
  const { default: pg } = await import('pg');
  const name = `test_${randomUUID().replace(/-/g, '')}`;
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
  return serverUrl.replace(/\/[^/]*$/, `/${name}`);
}
