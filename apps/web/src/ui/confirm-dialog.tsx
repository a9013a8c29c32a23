import type { ReactNode } from 'react';
import Alert from '../kit/Alert';
import Button from '../kit/Button';
import Dialog from '../kit/Dialog';
import DialogActions from '../kit/DialogActions';
import DialogContent from '../kit/DialogContent';
import DialogContentText from '../kit/DialogContentText';
import DialogTitle from '../kit/DialogTitle';

export interface ConfirmDialogProps {
  /** Prefix of the title's and body's element ids (unique on the page). */
  id: string;
  title: string;
  body: ReactNode;
  /** The safe choice, focused first ("Keep it"). */
  keepLabel: string;
  /** The change that cannot be taken back ("Turn off", "Cancel payment"). */
  confirmLabel: string;
  busy: boolean;
  /** The last refusal, said in place. */
  error: string | null;
  onKeep: () => void;
  onConfirm: () => void;
}

/**
 * Asks before something that stops money moving or cannot be undone (cancel a scheduled payment, turn
 * autopay off): the safe choice is focused first, the change is the red button, a refusal is said in place.
 */
export function ConfirmDialog({
  id,
  title,
  body,
  keepLabel,
  confirmLabel,
  busy,
  error,
  onKeep,
  onConfirm,
}: ConfirmDialogProps) {
  return (
    <Dialog
      open
      onClose={onKeep}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-body`}
      maxWidth="sm"
      fullWidth
    >
      <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
      <DialogContent>
        {/* A div, so that a body may hold a list (a statement of what ends and when). */}
        <DialogContentText id={`${id}-body`} component="div">
          {body}
        </DialogContentText>
        {error && (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onKeep} disabled={busy} autoFocus>
          {keepLabel}
        </Button>
        <Button onClick={onConfirm} color="error" variant="contained" disabled={busy}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
