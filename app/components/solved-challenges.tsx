import { TableRegion } from '~/components/data-table';
import { EmptyState } from '~/components/field';
import { MESSAGES } from '~/lib/messages';
import { useT } from '~/lib/i18n';

export interface SolvedRow { id: number; name: string; initialValue: number; score: number; by?: string }

/** The "Solved challenges" card of a player's or a team's page (a team's says who solved each). */
export function SolvedChallenges({ solves, withSolver = false }: { solves: SolvedRow[]; withSolver?: boolean }) {
  const t = useT();
  return (
    <section className="card">
      <h2 className="mb-4 text-lg font-semibold">{t('Solved challenges')}</h2>
      {solves.length === 0 ? (
        <EmptyState text={t(MESSAGES.noSolves)} />
      ) : (
        <TableRegion label={t('Solved challenges')} framed={false}>
          <table className="table">
            <thead><tr><th>#</th><th>{t('Challenge')}</th><th>{t('Initial value')}</th><th>{t('Score obtained')}</th>{withSolver ? <th>{t('Solved by')}</th> : null}</tr></thead>
            <tbody>
              {solves.map((s, i) => (
                <tr key={s.id}><td>{i + 1}</td><td>{s.name}</td><td>{s.initialValue}</td><td>{s.score}</td>{withSolver ? <td>{s.by}</td> : null}</tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      )}
    </section>
  );
}
