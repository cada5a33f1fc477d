// A bare node:http server (issue 11 §1): answers the recorded bytes of a scenario, so the bench can
// tell what the machine gives any HTTP server from what the application costs. Plain JavaScript run
// by plain node, nothing loaded but node:http. Each connection walks the recorded answers in order,
// as autocannon walks a scenario's requests on each connection.
// Usage: node tests/bench/bare-server.mjs <answers.json>; prints the port once listening.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const answers = JSON.parse(readFileSync(process.argv[2], 'utf8')).map((a) => ({ status: a.status, headers: a.headers, body: Buffer.from(a.body, 'utf8') }));
const position = new WeakMap();

const server = createServer((req, res) => {
  const n = position.get(req.socket) ?? 0;
  position.set(req.socket, n + 1);
  const answer = answers[n % answers.length];
  req.resume();
  req.on('end', () => {
    res.writeHead(answer.status, { ...answer.headers, 'content-length': answer.body.length });
    res.end(answer.body);
  });
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => console.log(server.address().port));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
