// The OpenAPI document as the /api/docs page shows it: each operation's method, path, summary,
// access, parameters, body fields and answers, types named by their schema (listed once at the end)
// rather than spelled out in every place. Read from the generated document, so the page says what
// the document says; built once per process, like the document.
import { ACCESS_LABEL, type Access } from './operation';
import { GROUPS, openapiDocument } from './document.server';

type Schema = Record<string, unknown>;

export interface RefField { name: string; type: string; required: boolean; description?: string }
export interface RefParam extends RefField { in: string }
export interface RefResponse { status: string; description: string; type?: string }
export interface RefOperation {
  id: string;
  method: string;
  path: string;
  summary: string;
  description?: string;
  access: string;
  params: RefParam[];
  body?: { media: string[]; fields: RefField[] };
  responses: RefResponse[];
}
export interface RefSchema { name: string; description?: string; type: string; fields: RefField[] }
export interface RefGroup { slug: string; tag: string; description: string; operations: RefOperation[]; schemas: string[] }
interface Reference {
  title: string;
  version: string;
  intro: string[];
  groups: RefGroup[];
  schemas: Map<string, RefSchema>;
}

const refName = (s: Schema) => (typeof s.$ref === 'string' ? s.$ref.split('/').pop()! : null);
const isPage = (s: Schema) => ['count', 'next', 'previous', 'results'].every((k) => k in ((s.properties as Schema) ?? {}));

/** A schema in a few words: a component's name, `list of X`, `page of X`, an enum's values, a type. */
function typeOf(s: Schema | undefined): string {
  if (!s) return 'any';
  const name = refName(s);
  if (name) return name;
  if (s.type === 'null') return 'null';
  const alternatives = (s.anyOf ?? s.oneOf) as Schema[] | undefined;
  if (alternatives) return alternatives.map(typeOf).join(' or ');
  if (Array.isArray(s.enum)) return s.enum.filter((v) => v !== null).map((v) => JSON.stringify(v)).join(' | ') + (s.enum.includes(null) ? ' or null' : '');
  const types = ([] as unknown[]).concat(s.type ?? []).filter((t) => t !== 'null');
  const nullable = ([] as unknown[]).concat(s.type ?? []).includes('null') ? ' or null' : '';
  if (types.includes('array')) return `list of ${typeOf(s.items as Schema)}${nullable}`;
  if (types.includes('object') && isPage(s)) return `page of ${typeOf(((s.properties as Schema).results as Schema).items as Schema)}`;
  if (types.includes('object') && s.additionalProperties && typeof s.additionalProperties === 'object') return `map of ${typeOf(s.additionalProperties as Schema)}`;
  // An object spelled out in place (not a named schema): its fields' names.
  if (types.includes('object') && s.properties) return `object {${Object.keys(s.properties as Schema).join(', ')}}${nullable}`;
  const format = s.format ? ` (${s.format as string})` : '';
  return `${types.join(' or ') || 'any'}${format}${nullable}`;
}

/** The rules a field's schema states that its type does not: bounds and patterns. */
function rules(s: Schema): string[] {
  const said: string[] = [];
  if (s.minimum !== undefined && s.maximum !== undefined && (s.maximum as number) < Number.MAX_SAFE_INTEGER) said.push(`${s.minimum as number} to ${s.maximum as number}`);
  else if (s.minimum !== undefined && s.minimum !== 1) said.push(`at least ${s.minimum as number}`);
  if (s.maxLength !== undefined) said.push(`at most ${s.maxLength as number} characters`);
  if (s.default !== undefined) said.push(`default ${JSON.stringify(s.default)}`);
  return said;
}

function fieldsOf(s: Schema | undefined): RefField[] {
  const properties = (s?.properties ?? {}) as Record<string, Schema>;
  const required = (s?.required ?? []) as string[];
  return Object.entries(properties).map(([name, p]) => {
    const notes = [p.description as string | undefined, ...rules(p)].filter(Boolean).join('; ');
    return { name, type: typeOf(p), required: required.includes(name), ...(notes ? { description: notes } : {}) };
  });
}

const anchor = (method: string, path: string) => `${method}-${path.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '')}`;

/** Paragraphs of the document's description, its Markdown left as written (bold and code marks are shown by the page). */
const paragraphs = (text: string) => text.split(/\n\n+/).map((p) => p.trim()).filter(Boolean);

function build(): Reference {
  const { document } = openapiDocument();
  const paths = document.paths as Record<string, Record<string, Schema>>;
  const components = (document.components?.schemas ?? {}) as Record<string, Schema>;
  const groups = GROUPS.map(({ slug, tag, description }) => ({ slug, tag, description, operations: [] as RefOperation[], used: new Set<string>() }));
  for (const [path, item] of Object.entries(paths)) {
    for (const [method, op] of Object.entries(item)) {
      const group = groups.find((g) => (op.tags as string[]).includes(g.tag))!;
      for (const name of schemasUsed(op, components)) group.used.add(name);
      const params = ((op.parameters ?? []) as Schema[]).map((p) => {
        const notes = [p.description as string | undefined, ...rules(p.schema as Schema)].filter(Boolean).join('; ');
        return { name: p.name as string, in: p.in as string, type: typeOf(p.schema as Schema), required: !!p.required, ...(notes ? { description: notes } : {}) };
      });
      const content = ((op.requestBody as Schema | undefined)?.content ?? {}) as Record<string, { schema: Schema }>;
      const media = Object.keys(content);
      // The multipart form lists every field, files included.
      const bodySchema = content['multipart/form-data']?.schema ?? content[media[0]]?.schema;
      const responses = Object.entries(op.responses as Record<string, Schema>).map(([status, r]) => {
        const body = (r.content ?? {}) as Record<string, { schema: Schema }>;
        const json = body['application/json'];
        const type = json ? typeOf(json.schema) : Object.keys(body).join(', ') || undefined;
        return { status, description: r.description as string, ...(type ? { type } : {}) };
      });
      group.operations.push({
        id: anchor(method, path),
        method: method.toUpperCase(),
        path,
        summary: op.summary as string,
        ...(op.description ? { description: op.description as string } : {}),
        access: ACCESS_LABEL[op['x-access'] as Access],
        params,
        ...(media.length ? { body: { media, fields: fieldsOf(bodySchema) } } : {}),
        responses,
      });
    }
  }
  const schemas = new Map(
    Object.entries(components).map(([name, c]) => [name, { name, ...(c.description ? { description: c.description as string } : {}), type: c.properties ? 'object' : typeOf(c), fields: fieldsOf(c) }]),
  );
  return {
    title: document.info.title,
    version: document.info.version,
    intro: paragraphs(document.info.description ?? ''),
    groups: groups.map(({ used, ...g }) => ({ ...g, schemas: [...used].sort() })),
    schemas,
  };
}

/** The component schemas `node` refers to, and those they refer to in turn. */
function schemasUsed(node: unknown, components: Record<string, Schema>, found = new Set<string>()): Set<string> {
  if (Array.isArray(node)) for (const item of node) schemasUsed(item, components, found);
  else if (node && typeof node === 'object') {
    const name = refName(node as Schema);
    if (name && !found.has(name)) {
      found.add(name);
      schemasUsed(components[name], components, found);
    }
    for (const value of Object.values(node)) schemasUsed(value, components, found);
  }
  return found;
}

let built: Reference | null = null;
const reference = () => (built ??= build());

/** The list of every call (the page's index): each group's calls by method, path, name and access. */
export function referenceIndex() {
  const { title, version, intro, groups } = reference();
  return {
    title,
    version,
    intro,
    groups: groups.map((g) => ({ slug: g.slug, tag: g.tag, description: g.description, operations: g.operations.map(({ id, method, path, summary, access }) => ({ id, method, path, summary, access })) })),
  };
}

/** One group of calls in full, with the schemas its answers and bodies name; null for no such group. */
export function referenceGroup(slug: string) {
  const { title, version, groups, schemas } = reference();
  const group = groups.find((g) => g.slug === slug);
  if (!group) return null;
  return { title, version, group, schemas: group.schemas.map((name) => schemas.get(name)!), groups: groups.map(({ slug, tag }) => ({ slug, tag })) };
}
