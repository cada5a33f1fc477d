// GET /practices/scoreboard/export and /competes/{id}/scoreboard/export ?format=csv|xlsx: a
// scoreboard as a file (docs/rules.md "Exports"), for whoever may see the page: every entry, ranked
// as the page ranks them, from the same in-memory standings.
import { scoreboardOf, type BoardEntry, type Scoreboard } from '~/domain/scoreboard.server';
import { resolveScope, rulesOf, scopeFileLabel, type Scope } from '~/domain/scope.server';
import { requireUser } from '~/lib/auth.server';
import { EXPORT_PAGE } from '~/lib/pagination';
import { exportFile, exportFormat, fileResponse, type ExportColumn } from '~/lib/table-export.server';
import type { Route } from './+types/scoreboard-export';

/** The page's columns (rank, name, members or country, score), plus what SPEC §3's entry holds. */
function columnsOf(board: Scoreboard, scope: Scope): ExportColumn<BoardEntry>[] {
  const teams = board.ranks === 'teams';
  return [
    { header: 'Rank', value: (e) => e.rank },
    { header: teams ? 'Team' : 'Player', value: (e) => e.name },
    teams ? { header: 'Members', value: (e) => e.members?.map((m) => m.username).join(', ') } : { header: 'Country', value: (e) => e.country },
    { header: 'Score', value: (e) => e.score },
    { header: 'Challenges solved', value: (e) => e.solved },
    // Coins are earned in black-friday events only; elsewhere the column would say nothing of the scope.
    ...(rulesOf(scope).coins ? [{ header: 'Coins', value: (e: BoardEntry) => e.coin }] : []),
  ];
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const viewer = await requireUser(request, context);
  const format = exportFormat(new URL(request.url).searchParams.get('format'));
  const scope = await resolveScope(params);
  const board = await scoreboardOf(viewer, scope);
  // The same file for every viewer: made once per copy of the standings and format, like the chart,
  // since a whole competition may download it at the end.
  const file = await board.memo(`export:${format}`, async () => {
    const { results } = await board.page(EXPORT_PAGE.page, EXPORT_PAGE.pageSize);
    return exportFile({ name: `scoreboard-${scopeFileLabel(scope)}`, title: 'Scoreboard', columns: columnsOf(board, scope), rows: results, format });
  });
  return fileResponse(file);
}
