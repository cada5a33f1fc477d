// A scoreboard entry as SPEC §3 names it, written the same by every top-players call (practice, an
// event's players or teams, the general Black Friday board).
import { z } from 'zod';
import { dateTime, int, paginated } from './openapi/shapes';

export interface PlayerEntry {
  id: number;
  username: string;
  country: string | null;
  score: number;
  coin: number | null;
  solved: number;
  submissions: { score: number; date: Date }[];
}

/** The chart's line: each counted submission's score and date, oldest first. */
const SubmissionPoints = z.array(z.strictObject({ score: int(), date: dateTime() }));

export const PlayerEntryJson = z
  .strictObject({
    id: int(),
    username: z.string(),
    name: z.string().meta({ description: 'The username again: the chart-label fallback.' }),
    country: z.string().nullable(),
    score: int(),
    coin: int().nullable().meta({ description: 'Coins (black-friday boards).' }),
    number_of_solved_challenges: int(),
    submissions: SubmissionPoints,
  })
  .meta({ id: 'PlayerEntry' });

export const TeamEntryJson = z
  .strictObject({
    id: int(),
    name: z.string(),
    score: int(),
    number_of_solved_challenges: int(),
    learners: z.array(z.strictObject({ id: int(), username: z.string(), country: z.string() })),
    submissions: SubmissionPoints,
  })
  .meta({ id: 'TeamEntry' });

export const PlayerBoardJson = paginated(PlayerEntryJson, 'PlayerBoard');
/** An event's board: teams in team events, players otherwise. */
export const EventBoardJson = paginated(z.union([PlayerEntryJson, TeamEntryJson]), 'EventBoard');

export const submissionsJson = (submissions: PlayerEntry['submissions']) => submissions.map((s) => ({ score: s.score, date: s.date.toISOString() }));

export function playerEntryJson(p: PlayerEntry): z.infer<typeof PlayerEntryJson> {
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
