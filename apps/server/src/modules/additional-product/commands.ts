import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AdditionalProductApplicationSchema, ServiceRequest } from '@portal/contracts';
import { authorizeHousehold } from '../../auth/access';
import { runCommand, ruleViolation } from '../../plugins/command';
import { lockHousehold } from '../household/service';
import {
  attachFile,
  checkedAttachment,
  serviceRequestView,
  submitServiceRequest,
} from '../service-request/service';
import { householdProducts, startDateProblem, startWindow } from './service';

type Body = z.output<typeof AdditionalProductApplicationSchema>;

/**
 * `POST /api/v1/Household/{householdId}/additional-products`: an in-portal application for one of the
 * tenant's internal products, through the write path (role action `apply-additional-products`, the
 * household's record access, one transaction) — an `additional-product` service request staff review, with
 * the supporting document if one was sent (checked by its content before the transaction). Refused with 422
 * and a field code: `product-not-offered`, `already-covered`, `request-pending` (param `reference`) on
 * body.product; `not-a-member` on body.memberIds; `not-first-of-month`, `date-before-earliest`,
 * `date-after-latest` (params `earliest`, `latest`) on body.startDate; a file's own codes on body.attachment.
 */
export function applyForProduct(
  request: FastifyRequest,
  householdId: string,
  body: Body,
): Promise<ServiceRequest> {
  const { account } = request.server.tenant;
  return runCommand(request, {
    action: 'apply-additional-products',
    authorize: async (db) => {
      await authorizeHousehold(request, db, householdId);
      return { householdId };
    },
    householdOf: () => householdId,
    prepare: async () =>
      body.attachment
        ? await checkedAttachment(
            body.attachment,
            account.serviceRequests.attachmentMaxBytes,
            'body.attachment',
          )
        : null,
    execute: async (tx, { principal, prepared: file }) => {
      const card = account.additionalProducts.find((candidate) => candidate.name === body.product);
      if (!card || card.urlType !== 'internal')
        throw ruleViolation(
          'body.product',
          'product-not-offered',
          'This product is not applied for in the portal.',
        );
      await lockHousehold(tx, householdId);
      const today = request.server.today();
      const view = await householdProducts(tx, householdId, { account, today });
      const state = view.items.find((item) => item.name === card.name);
      if (state?.status === 'covered')
        throw ruleViolation('body.product', 'already-covered', 'The household already has this coverage.');
      if (state?.status === 'requested')
        throw ruleViolation(
          'body.product',
          'request-pending',
          `Application ${state.referenceNumber ?? ''} is still open.`,
          { reference: state.referenceNumber ?? '' },
        );
      const people = body.memberIds.map((id) => view.members.find((member) => member.memberId === id));
      if (people.some((person) => person === undefined))
        throw ruleViolation('body.memberIds', 'not-a-member', 'Only the household’s people can be named.');
      const window = startWindow(today);
      const problem = startDateProblem(body.startDate, window);
      if (problem)
        throw ruleViolation(
          'body.startDate',
          problem,
          `Coverage starts on the first of a month from ${window.earliest} to ${window.latest}.`,
          { earliest: window.earliest, latest: window.latest },
        );

      const { request: row, events } = await submitServiceRequest(tx, {
        type: 'additional-product',
        householdId,
        policyId: null,
        policyNumber: null,
        memberIds: body.memberIds,
        effectiveDate: body.startDate,
        details: {
          product: card.name,
          ...(card.productType ? { productType: card.productType } : {}),
          applicants: people.map((person) => (person ? `${person.firstName} ${person.lastName}` : '')),
          startDate: body.startDate,
          ...(body.note ? { note: body.note } : {}),
        },
        requestedBy: principal,
      });
      if (file)
        await attachFile(
          tx,
          { requestId: row.id, householdId },
          file,
          account.serviceRequests.attachmentLimits,
          'body.attachment',
        );
      return {
        result: await serviceRequestView(tx, householdId, row.id),
        audit: { action: 'additional-product.apply', recordType: 'service-request', recordIds: [row.id] },
        events,
      };
    },
  });
}
