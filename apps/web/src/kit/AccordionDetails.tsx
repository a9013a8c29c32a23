import { useContext } from 'react';
import { cx, render, type KitProps } from './base';
import { AccordionContext } from './accordion-context';

/** An accordion's answer: a region named by its summary, in the page but hidden while collapsed. */
export default function AccordionDetails({ className, children, ...rest }: KitProps) {
  const state = useContext(AccordionContext);
  return (
    <div
      role="region"
      id={state?.detailsId}
      aria-labelledby={state?.summaryId}
      hidden={!(state?.expanded ?? false)}
      className="kit-accordion-region"
    >
      {render('div', cx('kit-accordion-details', className), { ...rest, children }, null)}
    </div>
  );
}
