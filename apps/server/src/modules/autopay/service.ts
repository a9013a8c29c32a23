import { canAddAutopay } from '@portal/domain';
import type { AccountConfig, AutopayList } from '@portal/contracts';
import type { Database } from '../../db/client';
import { walletItemsByToken } from '../wallet/repository';
import { walletItemRef } from '../wallet/service';
import { subscriptionsOf } from './repository';

/**
 * SPEC §3 Subscription list of a policy and whether one more may be created (SPEC §9 maxAutopayAllowed,
 * decided by the domain's canAddAutopay). The payment token is replaced by the wallet item it pays from.
 */
export async function autopayList(db: Database, policy: { id: string; householdId: string | null }, account: AccountConfig): Promise<AutopayList> {
  const rows = await subscriptionsOf(db, policy.id);
  const items = await walletItemsByToken(db, policy.householdId, rows.map((row) => row.paymentToken));
  const activeCount = rows.filter((row) => row.state === 'Active').length;
  return {
    items: rows.map((row) => ({
      id: row.id,
      policyId: row.policyId,
      name: row.name,
      description: row.description,
      amountType: row.amountType,
      amountCents: row.amountCents,
      paymentMethod: row.paymentMethod,
      paymentSource: walletItemRef(items.get(row.paymentToken)),
      runDay: row.runDay,
      state: row.state,
      startDate: row.startDate,
      endDate: row.endDate,
      lastProcessed: row.lastProcessed,
      createdTime: row.createdAt.toISOString(),
      modifiedTime: row.modifiedAt.toISOString(),
    })),
    activeCount,
    maxAutopayAllowed: account.payments.maxAutopayAllowed,
    canAddAutopay: canAddAutopay(activeCount, account.payments),
  };
}
