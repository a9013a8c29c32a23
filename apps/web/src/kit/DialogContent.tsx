import { element } from './base';

/** A dialog's body (20 px 24 px; none on top right under a title); it scrolls when the dialog is too tall. */
const DialogContent = element<{ dividers?: boolean }>(
  'DialogContent',
  'div',
  ({ dividers }) => (dividers ? 'kit-dialog-content kit-dialog-dividers' : 'kit-dialog-content'),
  ['dividers'],
);
export default DialogContent;
