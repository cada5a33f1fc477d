// scrypt from Node's crypto: a slow, memory-hard hash with no native dependency to build.
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { ThreadPoolQueue, type Park } from './admission.server';
import { PasswordChecksBusy } from './errors.server';

const N = 16384, r = 8, p = 1, KEYLEN = 64;

// Each hash keeps a core and one of libuv's four threads busy for tens of milliseconds (16 MB of
// memory-hard work), and anyone may ask for one (a login, a sign-up). So hashes run one fewer at a
// time than the machine has cores (at least one, at most two): the event loop keeps a core, and file
// reads and gzip streams keep threads. 32 may wait per class (a classroom logging in at once, a
// wait of about 3 s on a 2-core host); past that a caller gets 503 at once (PasswordChecksBusy).
// Before this queue, a flood of wrong logins had most other pages answered 503 (docs/limits.md
// "Password checks"). `first` is the class served first: a login from a known device of its
// account (lib/device.server.ts), which a flood from elsewhere cannot hold up.
const hashes = new ThreadPoolQueue(Math.max(1, Math.min(2, availableParallelism() - 1)), 32);

/** Whether a password check of this class would be refused now: asked before counting a login attempt. */
export const passwordChecksFull = (first = false): boolean => hashes.full(first);

/**
 * `first`: a check from a known device of the account, served before the others (above). `park`:
 * the request's answer slot (RequestContext.park), left out of the admission's measures while the
 * hash waits its turn.
 */
export interface HashTurn {
  first?: boolean;
  park?: Park;
}

function derive(password: string, salt: Buffer, n: number, { first = false, park }: HashTurn): Promise<Buffer> {
  const derived = hashes.run(
    () =>
      new Promise<Buffer>((resolve, reject) =>
        scrypt(password.normalize('NFKC'), salt, KEYLEN, { N: n, r, p, maxmem: 64 * 1024 * 1024 }, (err, key) => (err ? reject(err) : resolve(key))),
      ),
    first,
    park,
  );
  return derived ?? Promise.reject(new PasswordChecksBusy());
}

export async function hashPassword(password: string, turn: HashTurn = {}): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, N, turn);
  return `scrypt$${N}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string, turn: HashTurn = {}): Promise<boolean> {
  const [scheme, n, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await derive(password, Buffer.from(salt, 'base64'), Number(n), turn);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A hash of a random password: makes "no password yet" accounts impossible to log into. */
export async function unusablePassword(): Promise<string> {
  return hashPassword(randomBytes(32).toString('hex'));
}
