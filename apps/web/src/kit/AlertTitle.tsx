import { element } from './base';

/** An alert's first line, in bold. */
const AlertTitle = element('AlertTitle', 'div', () => 'kit-alert-title');
export default AlertTitle;
