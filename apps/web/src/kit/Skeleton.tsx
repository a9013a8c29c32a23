import { forwardRef } from 'react';
import { cx, render, type KitProps } from './base';

export type SkeletonProps = KitProps & {
  variant?: 'text' | 'rectangular' | 'rounded' | 'circular';
  width?: number | string;
  height?: number | string;
  animation?: 'pulse' | false;
};

/** A grey placeholder of the content's size while it loads (kit-skeleton; still for reduced motion). */
const Skeleton = forwardRef<unknown, SkeletonProps>(
  ({ variant = 'text', width, height, animation = 'pulse', style, ...rest }, ref) =>
    render(
      'span',
      cx('kit-skeleton', `kit-skeleton-${variant}`, animation === 'pulse' && 'kit-pulse'),
      { ...rest, style: { width, height, ...style } },
      ref,
    ),
);
Skeleton.displayName = 'Skeleton';
export default Skeleton;
