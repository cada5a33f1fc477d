// The challenge of SPEC §3 as every /api challenge call returns it, from the board's view of it.
import { challengeDetail } from '~/domain/challenge-authoring.server';
import { topSolvers, type BoardChallenge, type Solver } from '~/domain/challenge-board.server';
import type { Actor } from '~/domain/policy.server';
import type { ChallengeFile, Flag, Hint } from '~/generated/prisma/client';
import { flagWarning } from '~/domain/challenge-authoring.server';

/** A flag for staff, with the author's warning when a regex looks unable to match any CTF{...} value (else null). */
export const flagJson = (f: Flag) => ({ id: f.id, value: f.value, collation: f.collation, warning: flagWarning(f) });
export const hintJson = (h: Hint) => ({ id: h.id, description: h.description, score: h.score });
export const fileJson = (f: Pick<ChallengeFile, 'id' | 'name'>) => ({ id: f.id, name: f.name });

export interface StaffParts { source: string; flag: Flag | null; hint: Hint | null }

export function challengeJson(c: BoardChallenge, extra: { solvers?: Solver[]; staff?: StaffParts | null } = {}) {
  return {
    id: c.id,
    name: c.name,
    category: c.categoryId,
    category_name: c.categoryName,
    type: c.type,
    description: c.description,
    level: c.level,
    initial_value: c.initialValue,
    new_value: c.newValue,
    minimal_value: c.minimalValue,
    decay_value: c.decayValue,
    is_active: c.isActive,
    next: c.nextId,
    training_week: c.trainingWeek,
    event: c.eventId,
    count_active_submissions: c.solveCount,
    files: c.files,
    flag_id: c.flagId,
    hint_id: c.hint?.id ?? null,
    ...(extra.solvers
      ? { submissions: extra.solvers.map((s) => ({ score: s.score, team_data: s.teamId ? { id: s.teamId, name: s.teamName } : null, learner: { id: s.learnerId, username: s.username } })) }
      : {}),
    last_submission_of_current_player: c.last ? { is_correct: c.last.isCorrect, is_validated: c.last.isValidated, comment: c.last.comment ? { description: c.last.comment } : null } : null,
    ...(extra.staff
      ? { source: extra.staff.source, flag: extra.staff.flag ? flagJson(extra.staff.flag) : null, hint: extra.staff.hint ? hintJson(extra.staff.hint) : null }
      : {}),
  };
}

/** What challengeDetail read, as JSON; with the top solvers (`submissions`) when given, as the list has them. */
export function challengeDetailJson(detail: { card: BoardChallenge; staff: StaffParts | null }, solvers?: Solver[]) {
  return challengeJson(detail.card, { staff: detail.staff, solvers });
}

/**
 * One challenge as GET, PUT and POST /api/challenges/{id}/ answer it: the detail with the same top
 * solvers the board list carries, both read through the challenge's own scope.
 */
export async function singleChallengeJson(actor: Actor | null, id: number) {
  const detail = await challengeDetail(actor, id); // first: its refusal is the answer
  return challengeDetailJson(detail, await topSolvers(actor, 'own', id));
}
