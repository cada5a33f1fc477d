// Listening so that a start rush's connections are taken as fast as they come (docs/limits.md
// "Accepting connections").
//
// libuv 1.45+ (Node 20 ships 1.46) accepts ONE connection per listening descriptor per turn of the
// event loop ("unix: don't accept() connections in a loop", libuv#3696). A busy turn lasts 5-50 ms,
// so one descriptor takes 20-200 connections a second while a competition's players arrive at 400 a
// second: the rest wait in the kernel's accept queue, where admission can neither see nor refuse
// them, and their clients time out. Each extra descriptor of the same listening socket is one more
// accept per turn. Node 20 has no SO_REUSEPORT and no dup(); a descriptor sent over an IPC channel
// arrives as a new one (SCM_RIGHTS), so a short-lived child hands the socket back to us N times.
//
// What this assumes: `server._handle` (Node's handle of a listening server, unchanged since Node
// 0.x; sending a raw handle is what child_process does for a net.Server), and that sending a raw
// handle leaves the sender's open (it has no postSend). If the child cannot be started, the server
// listens on its one descriptor and says so in the log.
import { spawn } from 'node:child_process';
import type { Server as HttpServer } from 'node:http';
import { Server as NetServer } from 'node:net';
import { logger } from './logger.server';

/** Descriptors beside the server's own: up to this many more connections accepted per turn (why 31: docs/limits.md). */
export const EXTRA_DESCRIPTORS = 31;
/** Room in the kernel for a start rush's connections: Node's default is 511; Linux caps it at net.core.somaxconn (4096 on Debian). */
export const BACKLOG = 4_096;
/** A child that has not handed the descriptors back by then is given up (the server still listens). */
const COPY_TIMEOUT_MS = 5_000;

// The child: takes the socket once and sends it back `n` times, then ends with the channel we close.
// It never listens itself, so it accepts nothing. (`on`, not `once`: a channel with no 'message'
// listener stops holding the child, which would then exit with the copies still queued.)
const CHILD = `process.on('message', (n, handle) => {
  for (let i = 0; i < n; i++) process.send('copy', handle);
});`;

/** A listening server: its own descriptor and the extra ones, closed together. */
export interface Listening {
  /** How many descriptors accept (1 + the extras that arrived). */
  descriptors: number;
  /**
   * Stops accepting on every descriptor; `done` runs when every connection they accepted has closed
   * (net.Server's close, not http.Server's, which would also cut idle kept-alive connections at once).
   */
  close(done: () => void): void;
}

/** Copies of `handle` (a new descriptor each) from a child process; fewer, or none, if that fails. */
function copies(handle: unknown, n: number): Promise<unknown[]> {
  return new Promise((resolve) => {
    const got: unknown[] = [];
    let settled = false;
    const settle = (error?: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (error) logger.warn({ err: error, descriptors: 1 + got.length }, 'listening on fewer descriptors: connections are accepted more slowly');
      // Resolved once the child has exited: it holds a descriptor of the socket too, and while it
      // lives a close would leave the socket listening (connections queued, never answered).
      if (child.exitCode !== null || child.signalCode !== null) return resolve(got);
      child.once('exit', () => resolve(got));
      if (child.connected) child.disconnect();
      setTimeout(() => child.kill('SIGKILL'), 1_000).unref();
    };
    const child = spawn(process.execPath, ['-e', CHILD], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
    const timer = setTimeout(() => {
      child.kill();
      settle(new Error(`the descriptor copies did not all arrive within ${COPY_TIMEOUT_MS} ms`));
    }, COPY_TIMEOUT_MS);
    child.on('message', (message, copy) => {
      if (message === 'copy' && copy) got.push(copy);
      if (got.length === n) settle();
    });
    child.on('error', (error) => settle(error));
    child.on('exit', () => settle(new Error('the descriptor child ended early')));
    child.send(n, handle as never);
  });
}

/**
 * Listens on `port` with the server's own descriptor and `extra` more of the same socket, each
 * handing its connections to `server` ('connection' events, as Node documents for injecting them).
 */
export async function listenWide(server: HttpServer, port: number, extra = EXTRA_DESCRIPTORS): Promise<Listening> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port, backlog: BACKLOG }, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const own = (server as unknown as { _handle: unknown })._handle;
  const handles = extra > 0 ? await copies(own, extra) : [];
  const extras = handles.map((handle) => {
    const acceptor = new NetServer();
    acceptor.on('connection', (socket) => server.emit('connection', socket));
    acceptor.on('error', (error) => logger.error({ err: error }, 'an extra listening descriptor failed'));
    // The backlog again: listen() on any descriptor of the socket sets the socket's queue length.
    acceptor.listen(handle as never, BACKLOG);
    return acceptor;
  });
  return {
    descriptors: 1 + extras.length,
    close(done) {
      const all = [server as NetServer, ...extras];
      let left = all.length;
      const one = () => {
        if (--left === 0) done();
      };
      for (const s of all) NetServer.prototype.close.call(s, one);
    },
  };
}
