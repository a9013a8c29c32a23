import { useTranslation } from 'react-i18next';
import type { ServiceQueueDetail } from '@portal/contracts';
import Button from '../../../kit/Button';
import Dialog from '../../../kit/Dialog';
import DialogActions from '../../../kit/DialogActions';
import DialogContent from '../../../kit/DialogContent';
import DialogTitle from '../../../kit/DialogTitle';
import Typography from '../../../kit/Typography';
import { PortalForm, TextInput } from '../../../ui/form';
import type { QueueRequestCommands } from './queue-request-commands';

interface DecisionProps {
  request: ServiceQueueDetail['request'];
  commands: QueueRequestCommands;
  /** What went wrong with a queue command, said for staff. */
  problem: (error: unknown) => string;
  onClose: () => void;
  /** The decision was recorded: the page says so (the message names the request). */
  onDone: (message: string) => void;
}

/**
 * Approving, after confirming: the change is applied at once (or, for a request that only asks, it is
 * answered), with an optional note the member reads. "Keep" takes the focus, so Enter does not approve.
 */
export function ApproveDialog({
  request,
  appliesChange,
  commands: { approve, approveForm },
  problem,
  onClose,
  onDone,
}: DecisionProps & { appliesChange: boolean }) {
  const { t } = useTranslation();
  return (
    <Dialog
      open
      onClose={approve.pending ? undefined : onClose}
      aria-labelledby="approve-title"
      maxWidth="sm"
      fullWidth
    >
      <PortalForm
        form={approveForm}
        labelledBy="approve-title"
        error={approve.error}
        describeError={problem}
        onSubmit={async (values) => {
          const done = await approve.submit({
            version: request.version,
            note: values.approvalNote.trim(),
          });
          if (!done) return;
          onDone(t('serviceQueue.detail.approved', { reference: request.referenceNumber }));
        }}
      >
        <DialogTitle id="approve-title">
          {t('serviceQueue.detail.approveTitle', { reference: request.referenceNumber })}
        </DialogTitle>
        <DialogContent>
          <Typography sx={{ mb: 2 }}>
            {appliesChange ? t('serviceQueue.detail.approveBody') : t('serviceQueue.detail.answersOnly')}
          </Typography>
          <TextInput name="approvalNote" field="approvalNote" multiline maxLength={1000} />
        </DialogContent>
        <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button onClick={onClose} disabled={approve.pending} autoFocus>
            {t('serviceQueue.detail.keep')}
          </Button>
          <Button type="submit" variant="contained" color="success" disabled={approve.pending}>
            {t('serviceQueue.detail.approveConfirm')}
          </Button>
        </DialogActions>
      </PortalForm>
    </Dialog>
  );
}

/** Rejecting, with the reason the member reads (required). */
export function RejectDialog({
  request,
  commands: { reject, rejectForm },
  problem,
  onClose,
  onDone,
}: DecisionProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      open
      onClose={reject.pending ? undefined : onClose}
      aria-labelledby="reject-title"
      maxWidth="sm"
      fullWidth
    >
      <PortalForm
        form={rejectForm}
        labelledBy="reject-title"
        error={reject.error}
        describeError={problem}
        onSubmit={async (values) => {
          const done = await reject.submit({
            version: request.version,
            reason: values.rejectReason.trim(),
          });
          if (!done) return;
          onDone(t('serviceQueue.detail.rejected', { reference: request.referenceNumber }));
        }}
      >
        <DialogTitle id="reject-title">
          {t('serviceQueue.detail.rejectTitle', { reference: request.referenceNumber })}
        </DialogTitle>
        <DialogContent>
          <Typography sx={{ mb: 2 }}>{t('serviceQueue.detail.rejectBody')}</Typography>
          <TextInput name="rejectReason" field="rejectReason" required multiline maxLength={1000} />
        </DialogContent>
        <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button onClick={onClose} disabled={reject.pending}>
            {t('serviceQueue.detail.keep')}
          </Button>
          <Button type="submit" variant="contained" color="error" disabled={reject.pending}>
            {t('serviceQueue.detail.rejectConfirm')}
          </Button>
        </DialogActions>
      </PortalForm>
    </Dialog>
  );
}
