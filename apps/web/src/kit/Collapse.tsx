import { element } from './base';

/** Content shown or hidden (`in`); hidden content stays in the page with the `hidden` attribute, so an
 * `aria-controls` pointing at its id keeps working. */
const Collapse = element<{ in?: boolean; unmountOnExit?: boolean }>('Collapse', 'div', () => 'kit-collapse', [
  'in',
  'unmountOnExit',
]);

export default function KitCollapse(props: Parameters<typeof Collapse>[0]) {
  const shown = Boolean(props.in);
  if (!shown && props.unmountOnExit) return null;
  return <Collapse {...props} hidden={!shown} />;
}
