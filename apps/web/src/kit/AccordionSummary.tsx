import { createElement, useContext, useLayoutEffect, useId, type ReactNode } from 'react';
import { cx, render, type KitProps } from './base';
import { AccordionContext } from './accordion-context';

export type AccordionSummaryProps = KitProps & { expandIcon?: ReactNode };

/** An accordion's heading: a button that opens and closes its details, the icon turning with it. */
export default function AccordionSummary({
  expandIcon,
  children,
  className,
  id,
  ...rest
}: AccordionSummaryProps) {
  const state = useContext(AccordionContext);
  const fallback = useId();
  const summaryId = id ?? `${fallback}-summary`;
  const detailsId = rest['aria-controls'] ?? `${fallback}-details`;
  const setIds = state?.setIds;
  useLayoutEffect(() => {
    setIds?.(summaryId, detailsId);
  });
  const expanded = state?.expanded ?? false;
  const button = render(
    'button',
    cx('kit-accordion-summary', expanded && 'kit-expanded', className),
    {
      ...rest,
      type: 'button',
      id: summaryId,
      'aria-expanded': expanded,
      'aria-controls': detailsId,
      onClick: (event: Parameters<NonNullable<KitProps['onClick']>>[0]) => {
        rest.onClick?.(event);
        state?.toggle(event);
      },
      children: (
        <>
          <span className="kit-accordion-summary-content">{children}</span>
          {expandIcon && <span className="kit-accordion-expand-icon">{expandIcon}</span>}
        </>
      ),
    },
    null,
  );
  return createElement(state?.heading ?? 'h3', { className: 'kit-accordion-heading' }, button);
}
