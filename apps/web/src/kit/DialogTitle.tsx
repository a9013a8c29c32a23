import { element } from './base';

/** A dialog's title: an h2 in the h6 style, 16 px 24 px (name the dialog with its id). */
const DialogTitle = element('DialogTitle', 'h2', () => 'kit-dialog-title kit-t kit-t-h6');
export default DialogTitle;
