import { element } from './base';

/** A thin rule; `flexItem` for a vertical one in a row. */
const Divider = element<{ flexItem?: boolean; orientation?: 'horizontal' | 'vertical' }>(
  'Divider',
  'hr',
  ({ orientation }) => (orientation === 'vertical' ? 'kit-divider kit-divider-vertical' : 'kit-divider'),
  ['flexItem', 'orientation'],
);
export default Divider;
