import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../ui/confirm-dialog';

export interface CancelScheduledDialogProps {
  /** How the page names the payment ("$125.00 on December 1, 2026"). */
  name: string;
  busy: boolean;
  /** The last refusal, said in place. */
  error: string | null;
  onKeep: () => void;
  onConfirm: () => void;
}

/** Cancelling a scheduled payment, confirmed first (issue 10). */
export function CancelScheduledDialog({ name, busy, error, onKeep, onConfirm }: CancelScheduledDialogProps) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      id="cancel-scheduled"
      title={t('scheduledPayments.cancelDialog.title', { payment: name })}
      body={t('scheduledPayments.cancelDialog.body')}
      keepLabel={t('scheduledPayments.cancelDialog.keep')}
      confirmLabel={t('scheduledPayments.cancelDialog.confirm')}
      busy={busy}
      error={error}
      onKeep={onKeep}
      onConfirm={onConfirm}
    />
  );
}
