import { createContext, type ElementType, type SyntheticEvent } from 'react';

export interface AccordionState {
  expanded: boolean;
  toggle: (event: SyntheticEvent) => void;
  heading: ElementType;
  /** The summary's id and the details' id (its `aria-controls`), set by the summary. */
  summaryId?: string;
  detailsId?: string;
  setIds: (summaryId: string | undefined, detailsId: string | undefined) => void;
}

export const AccordionContext = createContext<AccordionState | null>(null);
