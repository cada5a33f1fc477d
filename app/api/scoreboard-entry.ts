// A player's scoreboard entry as SPEC §3 names it, written the same by every top-players call
// (practice, an event's players, the general Black Friday board).
export interface PlayerEntry {
  id: number;
  username: string;
  country: string | null;
  score: number;
  coin: number | null;
  solved: number;
  submissions: { score: number; date: Date }[];
}

export const submissionsJson = (submissions: PlayerEntry['submissions']) => submissions.map((s) => ({ score: s.score, date: s.date.toISOString() }));

export function playerEntryJson(p: PlayerEntry) {
  return {
    id: p.id,
    username: p.username,
    name: p.username,
    country: p.country,
    score: p.score,
    coin: p.coin,
    number_of_solved_challenges: p.solved,
    submissions: submissionsJson(p.submissions),
  };
}
