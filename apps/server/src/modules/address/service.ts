import type {
  MailingAddressInputSchema,
  PolicyAddress,
  PolicyAddresses,
  ResidentialMoveRequestSchema,
  ZipLookup,
} from '@portal/contracts';
import { changeRouteFor, mailingZipNeedsWarning, ratingAreaOf, residentialMove } from '@portal/domain';
import type { z } from 'zod';
import type { Principal } from '../../auth/principal';
import { readTogether, type Executor, type Transaction } from '../../db/client';
import type { OutboxEventInput } from '../../outbox/events';
import { ruleViolation } from '../../plugins/command';
import type { ServiceRequestRow } from '../service-request/service';
import { editConflict, submitServiceRequest } from '../service-request/service';
import {
  addressById,
  insertAddress,
  updateAddress,
  type AddressRole,
  type AddressRow,
  type AddressValues,
} from './repository';
import { lookUpZip, zipCodesOfCity, zipCoordinates } from './zip-reference';
import {
  policiesMailingHome,
  policiesUsingAddress,
  policyAddressFacts,
  repointPolicyAddresses,
  type PolicyAddressFacts,
} from '../policy/service';

// --- reads for guest and document PDFs ---
export { addressById } from './repository';

/**
 * A policy's residential and mailing addresses (issue 11, SPEC §2 /admin/policy-selection/manage-address,
 * §3 Address, §5 zip). County and FIPS code always come from the ZIP reference (./zip-reference.ts).
 *
 * Several policies of a household usually share one address row (the medical and the dental policy of
 * one home). The rule (docs/decisions/022-zip-reference.md "Shared address rows"): a change made on one
 * policy applies to every policy of the household that uses the same row in the same role — one home,
 * one address — and the page names them before the member sends it. A row is changed in place only
 * when nothing else uses it; when it also serves in the other role (a policy whose mail goes to another
 * policy's home), the change gets a row of its own (copy on write), so a mailing change never moves
 * anyone's residence. A residential move is only a request: staff apply it with `applyAddressChange`.
 */

type MailingBody = z.output<typeof MailingAddressInputSchema> & {
  addressId: string | null;
  version: number | null;
};
type ResidentialBody = z.output<typeof ResidentialMoveRequestSchema>;
type Policy = NonNullable<PolicyAddressFacts>;

const onExchange = (policy: Pick<Policy, 'offExchange' | 'marketCoverage'>) =>
  changeRouteFor(policy, 'residential-address-new-rating-area') === 'exchange';

async function view(
  db: Executor,
  policy: Policy,
  row: AddressRow | undefined,
  role: AddressRole,
): Promise<PolicyAddress | null> {
  if (!row) return null;
  const users = await policiesUsingAddress(db, row.id);
  const sharedWith = users
    .filter(
      (other) =>
        other.id !== policy.id &&
        other.householdId === policy.householdId &&
        (role === 'residential' ? other.residentialAddressId === row.id : other.mailingAddressId === row.id),
    )
    .map((other) => ({
      policyId: other.id,
      policyNumber: other.policyNumber,
      lineOfCoverage: other.lineOfCoverage,
    }));
  return {
    addressId: row.id,
    street1: row.street1,
    street2: row.street2,
    city: row.city,
    state: row.state,
    zipCode: row.zipCode,
    countyName: row.countyName,
    fipsCode: row.fipsCode,
    ratingArea: ratingAreaOf(row.state, row.zipCode)?.area ?? null,
    version: row.version,
    sharedWith,
  };
}

export async function policyAddresses(db: Executor, policyId: string): Promise<PolicyAddresses> {
  const policy = await policyAddressFacts(db, policyId);
  if (!policy) throw new Error(`policy ${policyId} vanished`);
  const [residential, mailing] = await readTogether(db, [
    () => (policy.residentialAddressId ? addressById(db, policy.residentialAddressId) : undefined),
    () => (policy.mailingAddressId ? addressById(db, policy.mailingAddressId) : undefined),
  ]);
  return {
    policyId: policy.id,
    policyNumber: policy.policyNumber,
    onExchange: onExchange(policy),
    residential: await view(db, policy, residential, 'residential'),
    mailing: await view(db, policy, mailing, 'mailing'),
  };
}

export async function zipLookup(zipCode: string): Promise<ZipLookup | null> {
  return lookUpZip(zipCode);
}

/** Where a ZIP code is, for distances (issue 12: providers near a ZIP code); null when the reference does not know it. */
export async function zipLocation(
  zipCode: string,
): Promise<{ zipCode: string; city: string; latitude: number; longitude: number } | null> {
  const [facts, point] = await Promise.all([lookUpZip(zipCode), zipCoordinates(zipCode)]);
  return facts && point ? { zipCode, city: facts.city, ...point } : null;
}

/** The address as it will be stored: county and FIPS from the reference; refused with a field code when the ZIP is unknown or in another state. */
async function checkedAddress(input: {
  street1: string;
  street2: string;
  city: string;
  state: string;
  zipCode: string;
}): Promise<AddressValues> {
  const facts = await lookUpZip(input.zipCode);
  if (!facts)
    throw ruleViolation('body.zipCode', 'zip-unknown', `There is no ZIP code ${input.zipCode}.`, {
      zip: input.zipCode,
    });
  if (facts.state !== input.state)
    throw ruleViolation(
      'body.zipCode',
      'zip-not-in-state',
      `ZIP code ${input.zipCode} is in ${facts.state}.`,
      { zip: input.zipCode, state: facts.state },
    );
  return {
    street1: input.street1,
    street2: input.street2 === '' ? null : input.street2,
    city: input.city,
    state: input.state,
    zipCode: input.zipCode,
    countyName: facts.countyName,
    fipsCode: facts.fipsCode,
  };
}

const sameAddress = (row: AddressRow | undefined, values: AddressValues) =>
  row !== undefined &&
  row.street1.toLowerCase() === values.street1.toLowerCase() &&
  (row.street2 ?? '').toLowerCase() === (values.street2 ?? '').toLowerCase() &&
  row.city.toLowerCase() === values.city.toLowerCase() &&
  row.state === values.state &&
  row.zipCode === values.zipCode;

/** What a page read and what is there now must be the same row at the same version (409 otherwise, with the current address). */
function checkRead(
  read: { addressId: string | null; version: number | null },
  row: AddressRow | undefined,
  what: string,
  current: PolicyAddress | null,
) {
  const same =
    row === undefined
      ? read.addressId === null && read.version === null
      : read.addressId === row.id && read.version === row.version;
  if (!same) throw editConflict(what, { address: current });
}

/**
 * Applies a new address of `role` to `policyIds` (the household's policies that share it): in place when
 * no other policy uses the row in any role, else as a new row they all point to. The row `fromAddressId`
 * is the one they use now (null: none yet).
 */
export async function applyAddressChange(
  tx: Transaction,
  change: {
    householdId: string | null;
    role: AddressRole;
    policyIds: readonly string[];
    fromAddressId: string | null;
    address: AddressValues;
  },
): Promise<AddressRow> {
  if (change.fromAddressId !== null) {
    const users = await policiesUsingAddress(tx, change.fromAddressId);
    const onlyThese = users.every(
      (user) =>
        change.policyIds.includes(user.id) &&
        (change.role === 'residential'
          ? user.mailingAddressId !== change.fromAddressId
          : user.residentialAddressId !== change.fromAddressId),
    );
    if (onlyThese) return updateAddress(tx, change.fromAddressId, change.address);
  }
  const row = await insertAddress(tx, change.householdId, change.address);
  await repointPolicyAddresses(tx, change.policyIds, change.role, row.id);
  return row;
}

export interface AddressOutcome {
  request: ServiceRequestRow;
  events: OutboxEventInput[];
}

/**
 * SPEC §2 manage-address, mailing: applied at once as a `mailing-address` request. SPEC §5: a ZIP longer
 * than 5 was cut by the contract; an empty one is only a warning — the address table keeps a ZIP for
 * every address, so it is taken from the reference when the city has exactly one, and asked for otherwise.
 */
export async function changeMailingAddress(
  tx: Transaction,
  input: { policyId: string; body: MailingBody; principal: Principal; warn: (message: string) => void },
): Promise<AddressOutcome & { zipFilledIn: string | null }> {
  const policy = await policyAddressFacts(tx, input.policyId, true);
  if (!policy) throw new Error(`policy ${input.policyId} vanished`);
  const row = policy.mailingAddressId ? await addressById(tx, policy.mailingAddressId, true) : undefined;
  checkRead(input.body, row, 'mailing address', await view(tx, policy, row, 'mailing'));

  let zipFilledIn: string | null = null;
  let typed = input.body;
  if (mailingZipNeedsWarning(typed.zipCode)) {
    input.warn('mailing address without a ZIP code');
    const zips = await zipCodesOfCity(typed.city, typed.state);
    if (zips.length !== 1 || zips[0] === undefined)
      throw ruleViolation(
        'body.zipCode',
        'zip-needed',
        'This city has several ZIP codes (or none we know): the ZIP code is needed.',
        { city: typed.city },
      );
    zipFilledIn = zips[0];
    typed = { ...typed, zipCode: zipFilledIn };
  }
  const address = await checkedAddress(typed);
  if (sameAddress(row, address))
    throw ruleViolation('body', 'no-change', 'This is already the mailing address.');

  const sharing = row
    ? (await policiesUsingAddress(tx, row.id)).filter(
        (other) => other.householdId === policy.householdId && other.mailingAddressId === row.id,
      )
    : policy.residentialAddressId && policy.householdId
      ? await policiesMailingHome(tx, policy.householdId, policy.residentialAddressId)
      : [policy];
  const policyIds = [...new Set([policy.id, ...sharing.map((other) => other.id)])];
  const { request, events } = await submitServiceRequest(tx, {
    type: 'mailing-address',
    householdId: policy.householdId ?? '',
    policyId: policy.id,
    policyNumber: policy.policyNumber,
    details: { address, previous: row ? pickAddress(row) : null, policyIds, zipFilledIn },
    requestedBy: input.principal,
    apply: async (applyTx) => {
      await applyAddressChange(applyTx, {
        householdId: policy.householdId,
        role: 'mailing',
        policyIds,
        fromAddressId: row?.id ?? null,
        address,
      });
    },
  });
  return { request, events, zipFilledIn };
}

const pickAddress = (row: AddressRow): AddressValues => ({
  street1: row.street1,
  street2: row.street2,
  city: row.city,
  state: row.state,
  zipCode: row.zipCode,
  countyName: row.countyName,
  fipsCode: row.fipsCode,
});

/**
 * SPEC §2 manage-address, residential: a move is a `residential-address` request staff review. Where it
 * goes is the domain's `changeRouteFor(policy, residentialMove(from, to))`: for an on-exchange policy a
 * move to another rating area is the exchange's to decide (422 `report-to-exchange`, with the exchange to
 * tell); a move within the rating area, and any move on an off-exchange or group policy, is a request.
 * The request covers the household's policies that share the home and that the issuer decides for.
 */
export async function requestResidentialMove(
  tx: Transaction,
  input: {
    policyId: string;
    body: ResidentialBody;
    principal: Principal;
    exchange: { name: string; url: string; phone: string };
  },
): Promise<AddressOutcome> {
  const policy = await policyAddressFacts(tx, input.policyId, true);
  if (!policy) throw new Error(`policy ${input.policyId} vanished`);
  const row = policy.residentialAddressId
    ? await addressById(tx, policy.residentialAddressId, true)
    : undefined;
  checkRead(input.body, row, 'residential address', await view(tx, policy, row, 'residential'));
  const address = await checkedAddress(input.body);
  if (sameAddress(row, address))
    throw ruleViolation('body', 'no-change', 'This is already the residential address.');

  const move = residentialMove(row ? { state: row.state, zipCode: row.zipCode } : null, address);
  if (changeRouteFor(policy, move) === 'exchange') {
    throw ruleViolation(
      'body.zipCode',
      'report-to-exchange',
      `A move to another rating area is reported to ${input.exchange.name}.`,
      { exchange: input.exchange.name, url: input.exchange.url, phone: input.exchange.phone },
    );
  }
  const sharing = row
    ? (await policiesUsingAddress(tx, row.id)).filter(
        (other) => other.householdId === policy.householdId && other.residentialAddressId === row.id,
      )
    : [];
  const issuerDecides = sharing
    .filter((other) => changeRouteFor(other, move) === 'issuer')
    .map((other) => other.id);
  const policyIds = [...new Set([policy.id, ...issuerDecides])];
  const exchangePolicyIds = sharing.map((other) => other.id).filter((id) => !policyIds.includes(id));
  const from = row ? (ratingAreaOf(row.state, row.zipCode)?.area ?? null) : null;
  const to = ratingAreaOf(address.state, address.zipCode)?.area ?? null;
  return submitServiceRequest(tx, {
    type: 'residential-address',
    householdId: policy.householdId ?? '',
    policyId: policy.id,
    policyNumber: policy.policyNumber,
    details: {
      address,
      previous: row ? pickAddress(row) : null,
      fromAddressId: row?.id ?? null,
      fromVersion: row?.version ?? null,
      policyIds,
      exchangePolicyIds,
      move,
      ratingArea: { from, to },
      ...(input.body.moveDate ? { moveDate: input.body.moveDate } : {}),
    },
    effectiveDate: input.body.moveDate ? input.body.moveDate : null,
    requestedBy: input.principal,
  });
}

/**
 * Staff approved a `residential-address` request (issue 13; docs/decisions/030): the move is applied to
 * the policies it covers, from the address row the member saw — one changed since (another approved move)
 * is refused with 409 `conflict` rather than overwritten.
 */
export async function applyResidentialMove(
  tx: Transaction,
  details: {
    householdId: string | null;
    address: AddressValues;
    fromAddressId: string | null;
    fromVersion: number | null;
    policyIds: readonly string[];
  },
): Promise<void> {
  if (details.fromAddressId !== null) {
    const row = await addressById(tx, details.fromAddressId, true);
    if (!row || row.version !== details.fromVersion)
      throw editConflict('residential address', {
        addressId: details.fromAddressId,
        version: row?.version ?? null,
      });
  }
  await applyAddressChange(tx, {
    householdId: details.householdId,
    role: 'residential',
    policyIds: details.policyIds,
    fromAddressId: details.fromAddressId,
    address: details.address,
  });
}

// --- writes for the enrollment module (the X12 834 import, issue 34) ---
export { insertAddress, updateAddressFromEnrollment } from './repository';
// --- reads for document PDFs ---
export { firstAddressOfHousehold, type AddressRow } from './repository';
