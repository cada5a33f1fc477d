import type { Prisma } from '~/generated/prisma/client';
import type { Actor } from './policy.server';

type Tx = Pick<Prisma.TransactionClient, 'staffAction'>;

/** Records a staff decision in the same transaction as the decision itself. */
export function logStaffAction(tx: Tx, actor: Actor, action: string, targetType: string, targetIds: (number | string)[], detail?: unknown) {
  return tx.staffAction.createMany({
    data: targetIds.map((id) => ({
      actorId: actor.id,
      action,
      targetType,
      targetId: String(id),
      detail: detail === undefined ? null : JSON.stringify(detail),
    })),
  });
}
