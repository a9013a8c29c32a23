import { forwardRef } from 'react';
import { render, type KitProps } from './base';

/** An indeterminate bar (role progressbar; name it with aria-label). */
const LinearProgress = forwardRef<unknown, KitProps>((props, ref) =>
  render(
    'span',
    'kit-progress',
    { role: 'progressbar', ...props, children: <span className="kit-progress-bar" /> },
    ref,
  ),
);
LinearProgress.displayName = 'LinearProgress';
export default LinearProgress;
