import { Fragment, type ReactNode } from 'react';
import { useLoaderData } from 'react-router';
import { Link } from '~/components/link';
import { referenceGroup, referenceIndex, type RefField, type RefOperation } from '~/api/openapi/reference.server';
import { parseQuery } from '~/lib/api.server';
import { NotFound } from '~/lib/errors.server';
import { docsQuery } from '~/schemas/query';
import type { Route } from './+types/docs';

export const meta: Route.MetaFunction = ({ data }) => [{ title: `${data && 'group' in data ? `${data.group.tag} · ` : ''}API reference · CTF Arena` }];

/**
 * /api/docs: the OpenAPI document (/api/openapi.json) as pages of the site, for people who build on
 * the API. Plain HTML from the server: no script, no third-party viewer. The list of every call, and
 * each group in full on its own page (?group=), so no page carries the whole document twice (its
 * markup and its loader data).
 */
export function loader({ request }: Route.LoaderArgs) {
  const { group } = parseQuery(request, docsQuery);
  if (group === undefined) return { view: 'index' as const, ...referenceIndex() };
  const found = referenceGroup(group);
  if (!found) throw new NotFound('There is no such group of calls.');
  return { view: 'group' as const, ...found };
}

const METHOD_COLOURS: Record<string, string> = {
  GET: 'bg-sky-100 text-sky-900',
  POST: 'bg-emerald-100 text-emerald-900',
  PUT: 'bg-amber-100 text-amber-900',
  PATCH: 'bg-amber-50 text-amber-900',
  DELETE: 'bg-red-100 text-red-900',
};

/** The description's `code` and **bold** marks, and nothing else of Markdown. */
function Inline({ text }: { text: string }) {
  return (
    <>
      {text.split(/(`[^`]+`|\*\*[^*]+\*\*)/).map((part, i) =>
        part.startsWith('`') ? <code key={i} className="rounded bg-slate-100 px-1 text-[0.9em]">{part.slice(1, -1)}</code> : part.startsWith('**') ? <strong key={i}>{part.slice(2, -2)}</strong> : part,
      )}
    </>
  );
}

/** A type in words, its schema names linked to their definitions below. */
function TypeText({ type, names }: { type: string; names: Set<string> }) {
  return (
    <span className="font-mono text-xs">
      {type.split(/(\w+)/).map((part, i) => (names.has(part) ? <a key={i} className="link" href={`#schema-${part}`}>{part}</a> : <Fragment key={i}>{part}</Fragment>))}
    </span>
  );
}

function Fields({ fields, names, caption, extra }: { fields: (RefField & { in?: string })[]; names: Set<string>; caption: string; extra?: boolean }) {
  return (
    <div role="region" aria-label={caption} tabIndex={0} className="overflow-x-auto rounded-md border border-slate-200">
      <table className="table">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr><th scope="col">Name</th>{extra ? <th scope="col">In</th> : null}<th scope="col">Type</th><th scope="col">Required</th><th scope="col">Notes</th></tr>
        </thead>
        <tbody>
          {fields.map((f) => (
            <tr key={`${f.in ?? ''}${f.name}`}>
              <td className="font-mono text-xs">{f.name}</td>
              {extra ? <td>{f.in}</td> : null}
              <td><TypeText type={f.type} names={names} /></td>
              <td>{f.required ? 'yes' : 'no'}</td>
              <td>{f.description ? <Inline text={f.description} /> : null}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="space-y-2">
      <h3 className="text-sm font-semibold text-slate-700">{title}</h3>
      {children}
    </div>
  );
}

function Operation({ op, names }: { op: RefOperation; names: Set<string> }) {
  return (
    <section id={op.id} aria-labelledby={`${op.id}-title`} className="card space-y-4">
      <div className="space-y-1">
        <h2 id={`${op.id}-title`} className="text-lg font-semibold">{op.summary}</h2>
        <p className="flex flex-wrap items-center gap-2">
          <MethodBadge method={op.method} />
          <code className="break-all font-mono text-sm">{op.path}</code>
        </p>
        <p className="text-sm text-slate-600">Access: {op.access}</p>
      </div>
      {op.description ? <p className="text-sm"><Inline text={op.description} /></p> : null}
      {op.params.length ? <Section title="Parameters"><Fields fields={op.params} names={names} caption={`Parameters of ${op.method} ${op.path}`} extra /></Section> : null}
      {op.body ? (
        <Section title="Request body">
          <p className="text-sm text-slate-600">As {op.body.media.join(', ')}.</p>
          {op.body.fields.length ? <Fields fields={op.body.fields} names={names} caption={`Body of ${op.method} ${op.path}`} /> : null}
        </Section>
      ) : null}
      <Section title="Responses">
        <ul className="space-y-1 text-sm">
          {op.responses.map((r) => (
            <li key={r.status}>
              <span className="font-mono font-semibold">{r.status}</span> <Inline text={r.description} />
              {r.type ? <> — <TypeText type={r.type} names={names} /></> : null}
            </li>
          ))}
        </ul>
      </Section>
    </section>
  );
}

const groupLink = (slug: string, hash = '') => `/api/docs?group=${slug}${hash}`;

function MethodBadge({ method }: { method: string }) {
  return <span className={`rounded px-2 py-0.5 font-mono text-xs font-bold ${METHOD_COLOURS[method] ?? 'bg-slate-100'}`}>{method}</span>;
}

function Index({ data }: { data: ReturnType<typeof referenceIndex> }) {
  return (
    <div className="space-y-8">
      <header className="space-y-3">
        <h1 className="text-2xl font-bold">API reference</h1>
        <p className="text-sm text-slate-600">
          {data.title} {data.version}. The same description as a machine-readable OpenAPI 3.1 document: <a className="link" href="/api/openapi.json">/api/openapi.json</a>.
        </p>
        {data.intro.map((p, i) => <p key={i} className="text-sm"><Inline text={p} /></p>)}
      </header>
      {data.groups.map((g) => (
        <section key={g.slug} aria-labelledby={`${g.slug}-title`} className="space-y-3">
          <h2 id={`${g.slug}-title`} className="text-xl font-semibold"><Link className="link" to={groupLink(g.slug)}>{g.tag}</Link></h2>
          <p className="text-sm text-slate-600">{g.description}</p>
          {/* A region the keyboard can scroll on a phone (the API reference is in English, as the API is). */}
          <div role="region" aria-label={`Calls of ${g.tag}`} tabIndex={0} className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
            <table className="table">
              <caption className="sr-only">Calls of {g.tag}</caption>
              <thead>
                <tr><th scope="col">Call</th><th scope="col">Method</th><th scope="col">Path</th><th scope="col">Access</th></tr>
              </thead>
              <tbody>
                {g.operations.map((op) => (
                  <tr key={op.id}>
                    <td><Link className="link" to={groupLink(g.slug, `#${op.id}`)}>{op.summary}</Link></td>
                    <td><MethodBadge method={op.method} /></td>
                    <td className="break-all font-mono text-xs">{op.path}</td>
                    <td>{op.access}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ))}
    </div>
  );
}

function Group({ data }: { data: NonNullable<ReturnType<typeof referenceGroup>> }) {
  const names = new Set(data.schemas.map((s) => s.name));
  return (
    <div className="space-y-8">
      <header className="space-y-2">
        <p className="text-sm"><Link className="link" to="/api/docs">API reference</Link> › {data.group.tag}</p>
        <h1 className="text-2xl font-bold">{data.group.tag}</h1>
        <p className="text-sm text-slate-600">{data.group.description}</p>
      </header>
      <nav aria-label="Groups of calls" className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
        {data.groups.map((g) => (g.slug === data.group.slug ? <span key={g.slug} aria-current="page" className="font-semibold">{g.tag}</span> : <Link key={g.slug} className="link" to={groupLink(g.slug)}>{g.tag}</Link>))}
      </nav>
      <div className="space-y-4">
        {data.group.operations.map((op) => <Operation key={op.id} op={op} names={names} />)}
      </div>
      <section aria-labelledby="schemas-title" className="space-y-4">
        <h2 id="schemas-title" className="text-xl font-semibold">Schemas</h2>
        {data.schemas.map((s) => (
          <section key={s.name} id={`schema-${s.name}`} aria-labelledby={`schema-${s.name}-title`} className="card space-y-2">
            <h3 id={`schema-${s.name}-title`} className="font-mono font-semibold">{s.name}</h3>
            {s.description ? <p className="text-sm"><Inline text={s.description} /></p> : null}
            {s.fields.length ? <Fields fields={s.fields} names={names} caption={`Fields of ${s.name}`} /> : <p className="text-sm"><TypeText type={s.type} names={names} /></p>}
          </section>
        ))}
      </section>
    </div>
  );
}

export default function ApiDocs() {
  const data = useLoaderData<typeof loader>();
  return data.view === 'index' ? <Index data={data} /> : <Group data={data} />;
}
