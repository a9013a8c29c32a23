import Paper, { type PaperProps } from './Paper';
import { forwardRef } from 'react';
import type { KitProps } from './base';

/** A Paper that clips its content (a card of the home page). */
const Card = forwardRef<unknown, KitProps & PaperProps>(({ className, ...props }, ref) => (
  <Paper ref={ref} {...props} className={['kit-card', className].filter(Boolean).join(' ')} />
));
Card.displayName = 'Card';
export default Card;
