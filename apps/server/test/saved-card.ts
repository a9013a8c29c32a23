import { randomUUID } from 'node:crypto';
import { WalletOpenedSchema, WalletSchema } from '@portal/contracts';
import type { TestHarness } from './harness';

/**
 * A card saved in a member's household wallet through the wallet commands, from a sandbox token of a
 * test card number: the billing day charges it for real (in the sandbox), with the card's outcome.
 * Answers the wallet item's id.
 */
export async function saveSandboxCard(
  harness: TestHarness,
  member: { householdId: string; token: string },
  number: string,
): Promise<string> {
  const send = (url: string, body?: object) =>
    harness.app.inject({
      method: 'POST',
      url: `/api/v1/${url}`,
      headers: { authorization: `Bearer ${member.token}`, 'idempotency-key': randomUUID() },
      ...(body ? { payload: body } : {}),
    });
  const opened = WalletOpenedSchema.parse((await send(`Wallet/household/${member.householdId}`)).json());
  const before = await harness.app.inject({
    method: 'POST',
    url: `/api/v1/Wallet/${opened.referenceId}`,
    headers: { authorization: `Bearer ${member.token}` },
  });
  const known = new Set(WalletSchema.parse(before.json()).creditCards.map((one) => one.id));
  const response = await send(`Wallet/add-credit-card/${opened.id}`, {
    paymentToken: await harness.cardToken(member.token, number),
    isDefault: false,
    cardHolderName: 'Rosa Alves',
    billingAddress: { street1: '12 Harbor St', city: 'Fall River', state: 'MA' },
  });
  if (response.statusCode !== 201) throw new Error(`card not saved: ${response.statusCode} ${response.body}`);
  const card = WalletSchema.parse(response.json()).creditCards.find((one) => !known.has(one.id));
  if (!card) throw new Error('card not saved');
  return card.id;
}
