import { element } from './base';

/**
 * What holds a table wider than the screen: it scrolls sideways inside. A scrolling container needs a tab
 * stop and a name for keyboard users (axe scrollable-region-focusable): give it `tabIndex={0}`,
 * `role="region"` and `aria-labelledby` (or leave the table narrow enough not to scroll).
 */
const TableContainer = element('TableContainer', 'div', () => 'kit-table-container');
export default TableContainer;
