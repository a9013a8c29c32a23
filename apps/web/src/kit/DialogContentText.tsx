import { element } from './base';

/** A dialog's text: body1 in the secondary text colour. */
const DialogContentText = element('DialogContentText', 'p', () => 'kit-dialog-text kit-t kit-t-body1');
export default DialogContentText;
