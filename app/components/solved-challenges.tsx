import { EmptyState } from '~/components/field';
import { MESSAGES } from '~/lib/messages';

export interface SolvedRow { id: number; name: string; initialValue: number; score: number; by?: string }

/** The "Solved challenges" card of a player's or a team's page (a team's says who solved each). */
export function SolvedChallenges({ solves, withSolver = false }: { solves: SolvedRow[]; withSolver?: boolean }) {
  return (
    <section className="card">
      <h2 className="mb-4 text-lg font-semibold">Solved challenges</h2>
      {solves.length === 0 ? (
        <EmptyState text={MESSAGES.noSolves} />
      ) : (
        <table className="table">
          <thead><tr><th>#</th><th>Challenge</th><th>Initial value</th><th>Score obtained</th>{withSolver ? <th>Solved by</th> : null}</tr></thead>
          <tbody>
            {solves.map((s, i) => (
              <tr key={s.id}><td>{i + 1}</td><td>{s.name}</td><td>{s.initialValue}</td><td>{s.score}</td>{withSolver ? <td>{s.by}</td> : null}</tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
