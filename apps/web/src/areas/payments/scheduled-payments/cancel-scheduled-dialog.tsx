import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

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
    <Dialog open onClose={onKeep} aria-labelledby="cancel-scheduled-title" aria-describedby="cancel-scheduled-body" maxWidth="sm" fullWidth>
      <DialogTitle id="cancel-scheduled-title">{t('scheduledPayments.cancelDialog.title', { payment: name })}</DialogTitle>
      <DialogContent>
        <DialogContentText id="cancel-scheduled-body">{t('scheduledPayments.cancelDialog.body')}</DialogContentText>
        {error && (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onKeep} disabled={busy} autoFocus>
          {t('scheduledPayments.cancelDialog.keep')}
        </Button>
        <Button onClick={onConfirm} color="error" variant="contained" disabled={busy}>
          {t('scheduledPayments.cancelDialog.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
