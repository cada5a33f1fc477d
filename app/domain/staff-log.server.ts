import type { Prisma } from '~/generated/prisma/client';
import type { Actor } from './policy.server';
import type { StaffActionKind, StaffTargetType } from './staff-actions';

type Tx = Pick<Prisma.TransactionClient, 'staffAction'>;

/**
 * Records a staff decision in the same transaction as the decision itself. The kind and the target
 * type are those of the registry (staff-actions.ts), so the log page can name every line it reads.
 */
export function logStaffAction(tx: Tx, actor: Actor, action: StaffActionKind, targetType: StaffTargetType, targetIds: (number | string)[], detail?: unknown) {
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
