// Run as its own process against a bench database (DATABASE_URL): times the standings computation
// from a cold cache, several times; the first run also pays for warming Prisma up.
import { PRACTICE } from '~/domain/scope.server';
import { timeColdStandings } from '~/domain/standings.server';
import { db } from '~/lib/db.server';

const runs: number[] = [];
let players = 0;
for (let i = 0; i < 7; i++) {
  const r = await timeColdStandings(PRACTICE);
  runs.push(Math.round(r.ms * 10) / 10);
  players = r.players;
}
const warm = runs.slice(1).sort((a, b) => a - b);
console.log(JSON.stringify({ firstMs: runs[0], medianMs: warm[Math.floor(warm.length / 2)], runs, players }));
await db.$disconnect();
