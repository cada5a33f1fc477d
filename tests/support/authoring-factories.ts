// Builders for the authoring tests: categories, events and the plain input a staff form sends.
import { db } from '~/lib/db.server';
import type { ChallengeInput } from '~/schemas/challenge';
import { unique } from './factories';

export async function makeCategory(name = unique('cat')) {
  return db.category.create({ data: { name, nameKey: name.toLowerCase() } });
}

export async function makeEvent(type = 'online') {
  const now = Date.now();
  return db.event.create({
    data: { name: unique('event'), description: '<p>An event.</p>', type, startDate: new Date(now - 3600_000), endDate: new Date(now + 86_400_000) },
  });
}

/** What the main form sends for a valid standard challenge in `categoryId`. */
export function challengeInput(categoryId: number, over: Partial<ChallengeInput> = {}): ChallengeInput {
  return {
    name: unique('challenge'),
    category: categoryId,
    type: 'standard',
    description: 'Find the **flag**.',
    level: 'easy',
    initial_value: 100,
    is_active: true,
    ...over,
  };
}

export const plainFlag = (value = 'CTF{authored}') => ({ value, collation: 'plain_text' as const });

export const upload = (name: string, content: string | Uint8Array<ArrayBuffer> = 'hello') => new File([content], name, { type: 'application/octet-stream' });
