import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { RejectServiceRequestSchema } from '@portal/contracts';
import { serviceQueueKey } from '../../../data/service-queue/get-service-queue';
import {
  approveServiceRequest,
  claimServiceRequest,
  rejectServiceRequest,
  releaseServiceRequest,
} from '../../../data/service-queue/service-queue-commands';
import { serviceRequestsKey } from '../../../data/service-request/get-service-requests';
import { useSignedInViewer } from '../../../lib/viewer';
import { useCommand, zodResolver } from '../../../ui/form';

const ApproveForm = z.object({ approvalNote: z.string().trim().max(1000) });
const RejectForm = z.object({ rejectReason: RejectServiceRequestSchema.shape.reason });
export type ApproveValues = z.input<typeof ApproveForm>;
export type RejectValues = z.input<typeof RejectForm>;

/**
 * What staff can do to one request in the queue (issue 13): claim it (or take over a stale claim), give
 * it back, approve it with a note, reject it with a reason. Each refreshes the queue, the member's
 * requests and the notifications; the two forms live as long as the page, so a note typed survives
 * closing and reopening its dialog.
 */
export function useQueueRequestCommands(requestId: string) {
  const viewer = useSignedInViewer();
  const invalidates = () => [
    serviceQueueKey(viewer.credentialKey),
    serviceRequestsKey(viewer.credentialKey),
    ['notifications'],
  ];
  const claim = useCommand({
    send: (input: { version: number; takeOver: boolean }, key: string) =>
      claimServiceRequest(requestId, input, key),
    invalidates,
  });
  const release = useCommand({
    send: (version: number, key: string) => releaseServiceRequest(requestId, version, key),
    invalidates,
  });
  const approveForm = useForm<ApproveValues>({
    resolver: useMemo(() => zodResolver(ApproveForm), []),
    defaultValues: { approvalNote: '' },
  });
  const rejectForm = useForm<RejectValues>({
    resolver: useMemo(() => zodResolver(RejectForm), []),
    defaultValues: { rejectReason: '' },
  });
  const approve = useCommand({
    send: (input: { version: number; note: string }, key: string) =>
      approveServiceRequest(
        requestId,
        { version: input.version, ...(input.note ? { note: input.note } : {}) },
        key,
      ),
    invalidates,
    form: approveForm,
    fieldOf: (field) => (field === 'body.note' ? 'approvalNote' : null),
  });
  const reject = useCommand({
    send: (input: { version: number; reason: string }, key: string) =>
      rejectServiceRequest(requestId, input, key),
    invalidates,
    form: rejectForm,
    fieldOf: (field) => (field === 'body.reason' ? 'rejectReason' : null),
  });
  return { claim, release, approve, approveForm, reject, rejectForm };
}

export type QueueRequestCommands = ReturnType<typeof useQueueRequestCommands>;
