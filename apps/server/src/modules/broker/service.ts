import type { Transaction } from '../../db/client';
import { ruleViolation } from '../../plugins/command';
import type { Executor } from '../../db/client';
import { brokerIdOfPolicy, lockPolicy, setBrokerOfRecord } from '../policy/service';
import { brokerByNpn, brokerNameById } from './repository';

/**
 * Staff approved a change-broker request (issue 13; docs/decisions/030): the broker of record moves to the
 * broker the request names by NPN, or is removed. Under the policy's lock; refused when the directory no
 * longer has the broker (422 `broker-unknown`).
 */
export async function applyBrokerChange(
  tx: Transaction,
  input: { policyId: string; change: 'change' | 'remove'; newBrokerNpn: string | null },
): Promise<void> {
  await lockPolicy(tx, input.policyId);
  if (input.change === 'remove') {
    await setBrokerOfRecord(tx, input.policyId, null);
    return;
  }
  const broker = input.newBrokerNpn ? await brokerByNpn(tx, input.newBrokerNpn) : undefined;
  if (!broker)
    throw ruleViolation('params.id', 'broker-unknown', 'The requested broker is no longer in the directory.');
  await setBrokerOfRecord(tx, input.policyId, broker.id);
}

/** The policy's broker of record as the queue's comparison shows it (name and NPN), or null. */
export async function currentBrokerOf(db: Executor, policyId: string): Promise<string | null> {
  const brokerId = await brokerIdOfPolicy(db, policyId);
  const broker = brokerId === null ? undefined : await brokerNameById(db, brokerId);
  return broker ? `${broker.firstName} ${broker.lastName} (NPN ${broker.npn})` : null;
}

// --- reads for saml, audit ---
export { brokerByNpn, brokerNamesOf } from './repository';
