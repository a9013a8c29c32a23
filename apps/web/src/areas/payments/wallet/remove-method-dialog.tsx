import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Alert from '../../../kit/Alert';
import Button from '../../../kit/Button';
import Dialog from '../../../kit/Dialog';
import DialogActions from '../../../kit/DialogActions';
import DialogContent from '../../../kit/DialogContent';
import DialogContentText from '../../../kit/DialogContentText';
import DialogTitle from '../../../kit/DialogTitle';
import Stack from '../../../kit/Stack';
import Typography from '../../../kit/Typography';
import { useDescription } from './method-item';
import type { WalletMethod } from './wallet-model';

export interface RemoveMethodDialogProps {
  method: WalletMethod;
  name: string;
  busy: boolean;
  /** The last refusal, said in place. */
  error: string | null;
  onCancel: () => void;
  onConfirm: () => void;
}

/**
 * SPEC §4 Wallet "remove", confirmed first. A method that autopay or a scheduled payment pays with
 * cannot go: the dialog says which, and leads to the pages where they are changed.
 */
export function RemoveMethodDialog({
  method,
  name,
  busy,
  error,
  onCancel,
  onConfirm,
}: RemoveMethodDialogProps) {
  const { t } = useTranslation();
  const describe = useDescription();
  const uses = method.item.usedBy;
  const inUse = uses.length > 0;
  const hasAutopay = uses.some((use) => use.kind === 'autopay');
  const hasScheduled = uses.some((use) => use.kind === 'scheduledPayment');
  return (
    <Dialog
      open
      onClose={onCancel}
      aria-labelledby="remove-method-title"
      aria-describedby="remove-method-body"
      maxWidth="sm"
      fullWidth
    >
      <DialogTitle id="remove-method-title">
        {inUse
          ? t('wallet.removeDialog.inUseTitle', { method: name })
          : t('wallet.removeDialog.title', { method: name })}
      </DialogTitle>
      <DialogContent>
        {inUse ? (
          <Stack spacing={1.5} id="remove-method-body">
            <Typography>{t('wallet.removeDialog.inUseBody')}</Typography>
            <Stack component="ul" spacing={0.5} sx={{ m: 0, pl: 2.5 }}>
              {uses.map((use) => (
                <Typography key={use.id} component="li">
                  {describe(use)}
                </Typography>
              ))}
            </Stack>
          </Stack>
        ) : (
          <DialogContentText id="remove-method-body">{t('wallet.removeDialog.body')}</DialogContentText>
        )}
        {error && (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {hasAutopay && (
          <Button component={RouterLink} to="/payments/autopay" variant="outlined">
            {t('wallet.removeDialog.changeAutopay')}
          </Button>
        )}
        {hasScheduled && (
          <Button component={RouterLink} to="/payments/scheduled-payments" variant="outlined">
            {t('wallet.removeDialog.changeScheduled')}
          </Button>
        )}
        <Button onClick={onCancel} disabled={busy} autoFocus={!inUse}>
          {inUse ? t('form.close') : t('form.cancel')}
        </Button>
        {!inUse && (
          <Button onClick={onConfirm} color="error" variant="contained" disabled={busy}>
            {t('wallet.removeDialog.confirm')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
