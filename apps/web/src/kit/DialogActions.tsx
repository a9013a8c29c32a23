import { element } from './base';

/** A dialog's buttons: a row at its end, right-aligned, 8 px apart. */
const DialogActions = element<{ disableSpacing?: boolean }>(
  'DialogActions',
  'div',
  ({ disableSpacing }) => (disableSpacing ? 'kit-dialog-actions' : 'kit-dialog-actions kit-dialog-spacing'),
  ['disableSpacing'],
);
export default DialogActions;
