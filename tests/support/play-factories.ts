// Practice challenges with a flag (and optionally a hint), for the solving tests.
import { db } from '~/lib/db.server';
import { unique } from './factories';

export async function makePracticeChallenge(over: Partial<{ type: string; initialValue: number; minimalValue: number | null; decayValue: number | null; isActive: boolean; flag: string; collation: string; hintScore: number | null }> = {}) {
  const name = unique('cat');
  const category = await db.category.create({ data: { name, nameKey: name } });
  return db.challenge.create({
    data: {
      name: unique('challenge'),
      categoryId: category.id,
      description: '<p>Find the flag.</p>',
      type: over.type ?? 'standard',
      initialValue: over.initialValue ?? 100,
      minimalValue: over.minimalValue ?? null,
      decayValue: over.decayValue ?? null,
      isActive: over.isActive ?? true,
      flag: { create: { value: over.flag ?? 'CTF{right}', collation: over.collation ?? 'plain_text' } },
      ...(over.hintScore != null ? { hint: { create: { description: 'Look closer.', score: over.hintScore } } } : {}),
    },
    include: { hint: true, flag: true },
  });
}

export const writeup = () => new File(['# How I solved it\n'], 'writeup.md', { type: 'text/markdown' });
