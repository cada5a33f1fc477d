import { useLoaderData } from 'react-router';
import { Link } from '~/components/link';
import { resolveScope } from '~/domain/scope.server';
import { teamPlayer } from '~/domain/teams.server';
import { profileUrl } from '~/domain/user-view.server';
import { requireUser } from '~/lib/auth.server';
import { metaTranslator, useT } from '~/lib/i18n';
import { CountryFlag } from '~/components/country-flag';
import type { Route } from './+types/player';
import { SolvedChallenges } from '~/components/solved-challenges';

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const t = metaTranslator(matches);
  return [{ title: `${data?.player.username ?? t('Player')} · CTF Arena` }];
};

/**
 * A player within a team (route id team-player-solved-challenges): the team link, the player as the
 * viewer may see them (full name and e-mail for staff and themself) and what they solved for the
 * team. No total points in team context (SPEC §2): the points are the team's.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context, '/');
  const scope = await resolveScope(params);
  const { team, player, solves } = await teamPlayer(user, scope, Number(params.teamId), Number(params.userId));
  return {
    team: { id: team.id, name: team.name, path: `/competes/${params.eventId}/teams/${team.id}` },
    player: {
      username: player.username,
      ...(player.private ? { fullname: player.private.fullname, email: player.private.email } : {}),
      country: player.country,
      profile: profileUrl({ id: player.id, profile: player.profile }),
    },
    solves: solves.map((s) => ({ id: s.id, name: s.challenge.name, initialValue: s.challenge.initialValue, score: s.score })),
  };
}

export default function TeamPlayer() {
  const { team, player, solves } = useLoaderData<typeof loader>();
  const t = useT();
  // Full name and e-mail: only for staff and the player themself.
  const identity = 'fullname' in player ? player : null;
  return (
    <div className="space-y-6">
      <div className="card flex flex-wrap items-center gap-6">
        <img src={player.profile} alt="" width={96} height={96} className="h-24 w-24 rounded-full bg-slate-100 object-cover" />
        <div className="flex-1">
          <p className="text-sm text-slate-500">{t('Team')} <Link className="link" to={team.path}>{team.name}</Link></p>
          <h1 className="text-2xl font-bold">
            <CountryFlag code={player.country} className="" /> {player.username}
          </h1>
          {identity ? <p className="text-slate-600">{identity.fullname} · {identity.email}</p> : null}
        </div>
      </div>
      <SolvedChallenges solves={solves} />
    </div>
  );
}
