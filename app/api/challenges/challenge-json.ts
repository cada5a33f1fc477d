// The challenge of SPEC §3 as every /api challenge call returns it, from the board's view of it.
import { challengeDetail } from '~/domain/challenge-authoring.server';
import { topSolvers, type BoardChallenge, type Solver } from '~/domain/challenge-board.server';
import type { Actor } from '~/domain/policy.server';
import type { ChallengeFile, Flag, Hint } from '~/generated/prisma/client';
import { flagWarning } from '~/domain/challenge-authoring.server';
import { CHALLENGE_TYPES, COLLATIONS, LEVELS } from '~/schemas/challenge';
import { z } from 'zod';
import { int, orNull, paginated } from '../openapi/shapes';

export const FlagJson = z
  .strictObject({
    id: int(),
    value: z.string(),
    collation: z.enum(COLLATIONS),
    warning: z.string().nullable().meta({ description: 'When a regex looks unable to match any flag of the format CTF{...}.' }),
  })
  .meta({ id: 'Flag' });
export const HintJson = z.strictObject({ id: int(), description: z.string(), score: int().meta({ description: 'The penalty.' }) }).meta({ id: 'Hint' });
export const FileJson = z.strictObject({ id: int(), name: z.string() }).meta({ id: 'ChallengeFile' });
export const FilePageJson = paginated(FileJson, 'ChallengeFilePage');

/** A flag for staff, with the author's warning when a regex looks unable to match any CTF{...} value (else null). */
export const flagJson = (f: Flag): z.infer<typeof FlagJson> => ({ id: f.id, value: f.value, collation: f.collation as (typeof COLLATIONS)[number], warning: flagWarning(f) });
export const hintJson = (h: Hint): z.infer<typeof HintJson> => ({ id: h.id, description: h.description, score: h.score });
export const fileJson = (f: Pick<ChallengeFile, 'id' | 'name'>): z.infer<typeof FileJson> => ({ id: f.id, name: f.name });

export const ChallengeJson = z
  .strictObject({
    id: int(),
    name: z.string(),
    category: int(),
    category_name: z.string(),
    type: z.enum(CHALLENGE_TYPES),
    description: z.string().meta({ description: 'HTML.' }),
    level: z.enum(LEVELS),
    initial_value: int(),
    new_value: int().meta({ description: 'What a solve scores now (dynamic challenges decay).' }),
    minimal_value: int().nullable(),
    decay_value: int().nullable(),
    is_active: z.boolean(),
    next: int().nullable().meta({ description: 'The recommended next challenge.' }),
    training_week: int().nullable(),
    event: int().nullable(),
    count_active_submissions: int(),
    files: z.array(FileJson),
    flag_id: int().nullable(),
    hint_id: int().nullable(),
    submissions: z
      .array(
        z.strictObject({
          score: int(),
          team_data: z.strictObject({ id: int(), name: z.string() }).nullable(),
          learner: z.strictObject({ id: int(), username: z.string() }),
        }),
      )
      .optional()
      .meta({ description: 'The first five solvers (SPEC §2), on the boards and the single challenge.' }),
    last_submission_of_current_player: z
      .strictObject({ is_correct: z.boolean(), is_validated: z.boolean().nullable(), comment: z.strictObject({ description: z.string() }).nullable() })
      .nullable(),
    source: z.string().optional().meta({ description: 'Staff: the description as written (Markdown).' }),
    flag: orNull(FlagJson).optional().meta({ description: 'Staff only.' }),
    hint: orNull(HintJson).optional().meta({ description: 'Staff only.' }),
  })
  .meta({ id: 'Challenge' });
export const ChallengePageJson = paginated(ChallengeJson, 'ChallengePage');
/** A board asked with `next`: every challenge's id and name, to choose a recommended next one. */
export const ChallengeChoicesJson = z.array(z.strictObject({ id: int(), name: z.string() })).meta({ id: 'ChallengeChoices' });

export interface StaffParts { source: string; flag: Flag | null; hint: Hint | null }

export function challengeJson(c: BoardChallenge, extra: { solvers?: Solver[]; staff?: StaffParts | null } = {}): z.infer<typeof ChallengeJson> {
  return {
    id: c.id,
    name: c.name,
    category: c.categoryId,
    category_name: c.categoryName,
    type: c.type as (typeof CHALLENGE_TYPES)[number],
    description: c.description,
    level: c.level as (typeof LEVELS)[number],
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
      ? { submissions: extra.solvers.map((s) => ({ score: s.score, team_data: s.teamId && s.teamName !== null ? { id: s.teamId, name: s.teamName } : null, learner: { id: s.learnerId, username: s.username } })) }
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
