import { useLoaderData } from 'react-router';
import { Link } from '~/components/link';
import { getPlayer } from '~/domain/learners.server';
import { isStaff } from '~/domain/policy.server';
import { certificatesOf } from '~/domain/reward-requests.server';
import { resolveScope } from '~/domain/scope.server';
import { profileUrl } from '~/domain/user-view.server';
import { pointsOf, solvesOf } from '~/domain/standings.server';
import { requireUser } from '~/lib/auth.server';
import { CountryFlag } from '~/components/country-flag';
import type { Route } from './+types/player';
import { SolvedChallenges } from '~/components/solved-challenges';
import { metaTranslator, useT, type Language } from '~/lib/i18n';
import { pageLanguage } from '~/lib/language.server';

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const t = metaTranslator(matches);
  return [{ title: `${data?.player.username ?? t('Player')} · CTF Arena` }];
};

/** A player's solved challenges (route name player-solved-challenges). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const viewer = await requireUser(request, context);
  const id = Number(params.id);
  const [scope, player] = await Promise.all([resolveScope(params as { eventId?: string }), getPlayer(viewer, Number.isInteger(id) ? id : 0)]);
  // Total points come from the scope's standings, the same numbers as its scoreboard.
  const [solves, points, certificates] = await Promise.all([solvesOf(scope, player.id), pointsOf(scope, [player.id]), certificatesOf(player.id)]);
  const language = pageLanguage();
  return {
    player: {
      username: player.username,
      // SPEC §2: full name and e-mail for staff (and the player themself), as user-view decides.
      ...(player.private ? { fullname: player.private.fullname, email: player.private.email } : {}),
      country: player.country,
      profile: profileUrl(player),
      totalPoints: points.get(player.id) ?? 0,
      // Staff read a player's coin ledger (issue 10 §1); staff accounts hold no coins.
      coinsLink: isStaff(viewer) && !isStaff(player) ? `/blacks-fridays/players/${player.id}/coins` : null,
    },
    // Validated CTF certification rewards (issue 10 §3), dated in UTC like the review lists, in the page's language.
    certificates: certificates.map((c) => ({ title: c.title, validatedAt: CERTIFIED_ON[language].format(c.validatedAt) })),
    solves: solves.map((s) => ({ id: s.id, name: s.challenge.name, initialValue: s.challenge.initialValue, score: s.score })),
  };
}

const CERTIFIED_ON: Record<Language, Intl.DateTimeFormat> = {
  en: new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }),
  fr: new Intl.DateTimeFormat('fr', { dateStyle: 'medium', timeZone: 'UTC' }),
};

export default function Player() {
  const { player, solves, certificates } = useLoaderData<typeof loader>();
  const t = useT();
  // Full name and e-mail come only to who may read them (the loader decides).
  const contact = 'fullname' in player ? `${player.fullname} · ${player.email}` : null;
  return (
    <div className="space-y-6">
      <div className="card flex flex-wrap items-center gap-6">
        <img src={player.profile} alt="" width={96} height={96} className="h-24 w-24 rounded-full bg-slate-100 object-cover" />
        <div className="flex-1">
          <h1 className="text-2xl font-bold">
            <CountryFlag code={player.country} className="" /> {player.username}
          </h1>
          {contact ? <p className="text-slate-600">{contact}</p> : null}
          {certificates.map((c) => (
            <p key={`${c.title}-${c.validatedAt}`} className="text-sm font-medium text-emerald-700" data-testid="certificate">{t('Certified: {{title}} (validated {{date}})', { title: c.title, date: c.validatedAt })}</p>
          ))}
        </div>
        <div className="text-right">
          <p className="text-sm text-slate-500">{t('Total points')}</p>
          <p className="text-2xl font-bold" data-testid="total-points">{player.totalPoints}</p>
          {player.coinsLink ? <Link to={player.coinsLink} className="text-sm underline">{t('Coin ledger')}</Link> : null}
        </div>
      </div>
      <SolvedChallenges solves={solves} />
    </div>
  );
}
