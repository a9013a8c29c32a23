import { element } from './base';

/** An icon before a menu item's text: 36 px wide, in the action colour. */
const ListItemIcon = element('ListItemIcon', 'span', () => 'kit-list-item-icon');
export default ListItemIcon;
