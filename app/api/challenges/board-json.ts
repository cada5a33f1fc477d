// The challenge shape of SPEC §3 as the board's API returns it.
import type { BoardChallenge, Solver } from '~/domain/challenge-board.server';

export function boardChallengeJson(c: BoardChallenge, solvers?: Solver[]) {
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
    ...(solvers
      ? { submissions: solvers.map((s) => ({ score: s.score, team_data: s.teamId ? { id: s.teamId, name: s.teamName } : null, learner: { id: s.learnerId, username: s.username } })) }
      : {}),
    last_submission_of_current_player: c.last ? { is_correct: c.last.isCorrect, is_validated: c.last.isValidated, comment: c.last.comment ? { description: c.last.comment } : null } : null,
  };
}
