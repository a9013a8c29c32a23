import { element } from './base';

export type PaperProps = { variant?: 'elevation' | 'outlined'; elevation?: number; square?: boolean };

/** A surface: white on the page's background, with a shadow (`elevation`) or a border (`outlined`). */
const Paper = element<PaperProps>(
  'Paper',
  'div',
  ({ variant = 'elevation', elevation = 1, square }) =>
    [
      'kit-paper',
      variant === 'outlined' ? 'kit-paper-outlined' : `kit-elevation-${elevation}`,
      square ? 'kit-square' : '',
    ]
      .filter(Boolean)
      .join(' '),
  ['variant', 'elevation', 'square'],
);
export default Paper;
