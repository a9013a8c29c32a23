import { useState, type ElementType, type ReactNode, type SyntheticEvent } from 'react';
import { cx, render, type KitProps } from './base';
import { AccordionContext } from './accordion-context';

export type AccordionProps = Omit<KitProps, 'onChange'> & {
  expanded?: boolean;
  defaultExpanded?: boolean;
  onChange?: (event: SyntheticEvent, expanded: boolean) => void;
  disableGutters?: boolean;
  /** `heading.component`: the heading element around the summary's button (h3 by default). */
  slotProps?: { heading?: { component?: ElementType }; transition?: unknown };
  children?: ReactNode;
};

/**
 * A question and its answer (MUI's Accordion): a heading holding a button (aria-expanded, aria-controls)
 * and a region named by it, hidden while collapsed. Controlled (`expanded` + `onChange`) or not.
 */
export default function Accordion({
  expanded,
  defaultExpanded = false,
  onChange,
  disableGutters,
  slotProps,
  children,
  className,
  ...rest
}: AccordionProps) {
  const [own, setOwn] = useState(defaultExpanded);
  const [ids, setIdsState] = useState<{ summaryId?: string; detailsId?: string }>({});
  const open = expanded ?? own;
  const state = {
    expanded: open,
    toggle: (event: SyntheticEvent) => {
      setOwn(!open);
      onChange?.(event, !open);
    },
    heading: slotProps?.heading?.component ?? 'h3',
    ...ids,
    setIds: (summaryId: string | undefined, detailsId: string | undefined) => {
      if (summaryId !== ids.summaryId || detailsId !== ids.detailsId) setIdsState({ summaryId, detailsId });
    },
  };
  return (
    <AccordionContext.Provider value={state}>
      {render(
        'div',
        cx(
          'kit-accordion kit-paper kit-elevation-1',
          disableGutters && 'kit-accordion-no-gutters',
          open && 'kit-expanded',
          className,
        ),
        { ...rest, children },
        null,
      )}
    </AccordionContext.Provider>
  );
}
