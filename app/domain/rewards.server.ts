// Rewards staff offer for coins (SPEC §1 Black Friday, §5 Reward).
import { db } from '~/lib/db.server';

export function listRewards() {
  return db.reward.findMany({ where: { hidden: false }, orderBy: { coin: 'asc' } });
}
