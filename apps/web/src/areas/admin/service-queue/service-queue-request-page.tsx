import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useParams } from 'react-router';
import ArrowBack from '@mui/icons-material/ArrowBack';
import Alert from '../../../kit/Alert';
import Button from '../../../kit/Button';
import { useServiceQueueRequest } from '../../../data/service-queue/get-service-queue';
import { useSignedInViewer } from '../../../lib/viewer';
import { loose } from '../../../i18n/loose';
import { useSnackbar } from '../../../ui/snackbar';
import { PROBLEMS, useProblemText } from '../../../ui/problems';
import { RequestPageShape } from '../request-page-shape';
import { PROCESS_ACTION } from './queue-action';
import { useQueueRequestCommands } from './queue-request-commands';
import { ApproveDialog, RejectDialog } from './queue-request-dialogs';
import { RequestFacts } from './queue-request-facts';
import {
  AttachmentsSection,
  ComparisonSection,
  HistorySection,
  PeopleSection,
} from './queue-request-sections';
import { RequestNotLoaded, type ListedRequest } from './queue-request-unloaded';

/** What went wrong with a queue command, said for staff: who holds it, that it moved, or which rule the change no longer meets. */
const useQueueProblem = (): ((error: unknown) => string) => useProblemText(PROBLEMS.serviceQueue);

/**
 * One service request in the queue (issue 13; docs/decisions/030): where it stands and who holds it, the
 * claim (or taking over a colleague's stale claim) and giving it back, the requested values beside what
 * the records say now, the people on the policy, the files and the history; approving (the change applied
 * at once, after confirming) or rejecting with a reason the member reads.
 */
export default function ServiceQueueRequestPage() {
  const { t } = useTranslation();
  const lt = loose(t);
  const { requestId = '' } = useParams();
  const viewer = useSignedInViewer();
  const snackbar = useSnackbar();
  const problem = useQueueProblem();
  const heading = useRef<HTMLHeadingElement>(null);
  const [dialog, setDialog] = useState<'approve' | 'reject' | null>(null);
  // From the queue's list: whom the request is from, to name them before staff act for them.
  const listed = useLocation().state as ListedRequest | null;
  const [outcome, setOutcome] = useState<string | null>(null);
  const detail = useServiceQueueRequest(viewer.credentialKey, requestId);
  const commands = useQueueRequestCommands(requestId);

  if (!viewer.session.actions.includes(PROCESS_ACTION)) {
    return (
      <RequestPageShape title={t('serviceQueue.requestTitle')} spacing={2}>
        <Alert severity="info">{t('serviceQueue.notAllowed')}</Alert>
      </RequestPageShape>
    );
  }

  const back = (
    <Button
      component={RouterLink}
      to="/admin/service-queue"
      startIcon={<ArrowBack />}
      sx={{ alignSelf: 'flex-start' }}
    >
      {t('serviceQueue.detail.back')}
    </Button>
  );
  const data = detail.data;
  if (!data) {
    return (
      <RequestPageShape title={t('serviceQueue.requestTitle')} before={back} spacing={2}>
        <RequestNotLoaded
          requestId={requestId}
          listed={listed}
          isError={detail.isError}
          error={detail.error}
          onActing={() => void detail.refetch()}
        />
      </RequestPageShape>
    );
  }

  const { request } = data;
  /** Says what was done: on the page, in the snackbar, and back at the heading. */
  const after = (message: string) => {
    setOutcome(message);
    snackbar.show(message);
    heading.current?.focus();
  };
  const decided = (message: string) => {
    setDialog(null);
    after(message);
  };
  const closeDialog = () => {
    setDialog(null);
  };

  return (
    <RequestPageShape
      title={t('serviceQueue.detail.heading', {
        type:
          request.type === 'general' && request.subject
            ? request.subject
            : lt(`serviceRequests.type.${request.type}`),
        reference: request.referenceNumber,
      })}
      intro={
        data.appliesChange ? t('serviceQueue.detail.appliesChange') : t('serviceQueue.detail.answersOnly')
      }
      before={back}
      headingRef={heading}
    >
      {outcome && (
        <Alert
          severity="success"
          role="status"
          onClose={() => {
            setOutcome(null);
          }}
        >
          {outcome}
        </Alert>
      )}
      <RequestFacts data={data} commands={commands} problem={problem} after={after} onDecide={setDialog} />
      <ComparisonSection comparison={data.comparison} />
      {request.policyId && <PeopleSection people={data.people} />}
      <AttachmentsSection request={request} />
      <HistorySection history={request.history} />
      {dialog === 'approve' && (
        <ApproveDialog
          request={request}
          appliesChange={data.appliesChange}
          commands={commands}
          problem={problem}
          onClose={closeDialog}
          onDone={decided}
        />
      )}
      {dialog === 'reject' && (
        <RejectDialog
          request={request}
          commands={commands}
          problem={problem}
          onClose={closeDialog}
          onDone={decided}
        />
      )}
    </RequestPageShape>
  );
}
