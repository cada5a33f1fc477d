import { useSearchParams } from 'react-router';
import { Link } from '~/components/link';
import { metaTranslator, text, useT } from '~/lib/i18n';
import { RETURN_PARAM } from '~/lib/return-to';
import { INVITATION_CODE, INVITATION_PARAM } from '~/schemas/invitation';
import { useCurrentUser } from '~/root';
import type { Route } from './+types/home';

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaTranslator(matches);
  return [
    { title: t('CTF Arena · Capture the flag training and competitions') },
    { name: 'description', content: t('Practise security challenges, join events, form teams and climb the scoreboards.') },
  ];
};

// English texts, translated where they are shown.
const guidelines = [
  { title: text('Ethical behaviour'), text: text('Attack only the targets we give you, share no flags, and report what you find responsibly.') },
  { title: text('Challenge yourself'), text: text('Step past the easy wins: the hardest challenges teach the most.') },
  { title: text('Practise actively'), text: text('Solve a little every week; write up what you learned so it sticks.') },
  { title: text('Collaborate effectively'), text: text('Split the work in your team, explain your reasoning, and learn from each other.') },
];

const reasons = [
  { title: text('World class training'), text: text('Challenges written by practitioners who run real security assessments.') },
  { title: text('Captivating real challenges'), text: text('Web, cryptography, forensics, reverse engineering, pwn and OSINT, modelled on real cases.') },
  { title: text('Access to exclusive resources'), text: text('Writeups reviewed by our staff, training cohorts and rewards you can earn with coins.') },
];

/**
 * An invitation link opened without a session lands here (SPEC §2 sends team screens' visitors
 * home): say why, and log in back to the link.
 */
function Invitation({ code }: { code: string }) {
  const back = `/login?${RETURN_PARAM}=${encodeURIComponent(`/teams/join/${code}`)}`;
  const t = useT();
  return (
    <section aria-labelledby="invitation" className="card border-brand-600" data-testid="invitation-notice">
      <h2 id="invitation" className="mb-2 text-lg font-semibold">{t('You were invited to join a team')}</h2>
      <p className="mb-3 text-slate-700">{t('Log in to see the team and join it: you will come back to the invitation.')}</p>
      <p className="flex flex-wrap items-center gap-3">
        <Link to={back} className="btn-primary">{t('Log in to join')}</Link>
        <span className="text-sm text-slate-600">
          {t('No account yet?')} <Link to="/sign-up" className="link">{t('Sign up')}</Link>
          {t(', activate it from the e-mail, then open the invitation link again.')}
        </span>
      </p>
    </section>
  );
}

export default function Home() {
  const user = useCurrentUser();
  const code = useSearchParams()[0].get(INVITATION_PARAM);
  const t = useT();
  return (
    <div className="space-y-16">
      {!user && code && INVITATION_CODE.test(code) ? <Invitation code={code} /> : null}
      <section className="rounded-2xl bg-gradient-to-br from-slate-900 to-sky-900 px-8 py-16 text-white" aria-labelledby="welcome">
        <h1 id="welcome" className="mb-4 text-4xl font-bold">{t('Welcome to CTF Arena')}</h1>
        <p className="mb-8 max-w-2xl text-lg text-slate-200">
          {t('Learn offensive and defensive security by solving capture-the-flag challenges, alone or in a team, all year round.')}
        </p>
        <div className="flex gap-3">
          {!user ? <Link to="/sign-up" className="btn-primary px-5 py-2 text-base">{t('Sign up')}</Link> : null}
          <Link to="/practices/challenges" className="btn-secondary px-5 py-2 text-base">{t('Start practising')}</Link>
        </div>
      </section>

      <section aria-labelledby="about" className="grid gap-6 md:grid-cols-2">
        <div>
          <h2 id="about" className="mb-3 text-2xl font-bold">{t('About us')}</h2>
          <p className="text-slate-700">
            {t('We are a cybersecurity company that trains the next generation of security professionals. CTF Arena is where our learners practise between courses, compete in events and show what they can do.')}
          </p>
        </div>
        <div className="card">
          <p className="text-slate-700">{t('Practices are open all year. Events run online and in person, training cohorts get their own weekly challenges, and every Friday is Black Friday: earn coins and trade them for rewards.')}</p>
        </div>
      </section>

      <section aria-labelledby="guidelines">
        <h2 id="guidelines" className="mb-6 text-2xl font-bold">{t('Guidelines')}</h2>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {guidelines.map((g) => (
            <article key={g.title} className="card">
              <h3 className="mb-2 font-semibold">{t(g.title)}</h3>
              <p className="text-sm text-slate-600">{t(g.text)}</p>
            </article>
          ))}
        </div>
      </section>

      <section aria-labelledby="why">
        <h2 id="why" className="mb-6 text-2xl font-bold">{t('Why choose us')}</h2>
        <div className="grid gap-4 md:grid-cols-3">
          {reasons.map((r) => (
            <article key={r.title} className="card">
              <h3 className="mb-2 font-semibold">{t(r.title)}</h3>
              <p className="text-sm text-slate-600">{t(r.text)}</p>
            </article>
          ))}
        </div>
      </section>
    </div>
  );
}
