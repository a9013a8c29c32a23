import type { CSSProperties } from 'react';

/** Hidden on screen, read by screen readers (the usual clip pattern). */
export const visuallyHidden: CSSProperties = {
  border: 0,
  clipPath: 'inset(50%)',
  height: 1,
  margin: -1,
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: 1,
};
