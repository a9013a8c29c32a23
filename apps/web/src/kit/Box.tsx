import { element } from './base';

/** A plain element (a div unless `component` says otherwise) with `sx`. */
const Box = element('Box', 'div', () => undefined);
export default Box;
