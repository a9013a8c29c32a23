import type { FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { documents } from '../../db/schema';
import { isUuid, notFound, refuse, requirePrincipal } from './core';
import { mayAccessHousehold } from './household';
import { mayAccessPolicy, policyRef } from './policy';

export interface DocumentRef {
  id: string;
  householdId: string | null;
  policyId: string | null;
}

/**
 * A document is the caller's when its policy is (a policy's invoice, notice, tax form), else when its
 * household is (a household notice). Documents not visible in the portal (SPEC §3 notices `portal`)
 * do not exist for the API: 404.
 */
export async function authorizeDocument(
  request: FastifyRequest,
  db: Database,
  documentId: string,
): Promise<DocumentRef> {
  const principal = requirePrincipal(request);
  const [document] = isUuid(documentId)
    ? await db
        .select({
          id: documents.id,
          householdId: documents.householdId,
          policyId: documents.policyId,
          portal: documents.portal,
        })
        .from(documents)
        .where(eq(documents.id, documentId))
    : [];
  if (document?.portal !== 'visible') throw notFound('document');
  let allowed = false;
  if (document.policyId !== null) {
    const policy = await policyRef(db, document.policyId);
    allowed = policy !== undefined && (await mayAccessPolicy(db, principal, policy));
  } else if (document.householdId !== null) {
    allowed = await mayAccessHousehold(db, principal, document.householdId);
  }
  if (!allowed) throw await refuse(request, 'document', [documentId], document.householdId);
  return { id: document.id, householdId: document.householdId, policyId: document.policyId };
}
