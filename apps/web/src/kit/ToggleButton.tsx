import { forwardRef } from 'react';
import { cx, render, type KitProps } from './base';
import { useToggleGroup } from './ToggleButtonGroup';

export type ToggleButtonProps = Omit<KitProps, 'value'> & {
  value: unknown;
  selected?: boolean;
  disabled?: boolean;
  size?: 'small' | 'medium' | 'large';
};

/** A button that stays pressed (aria-pressed) while its value is the group's. */
const ToggleButton = forwardRef<unknown, ToggleButtonProps>(
  ({ value, selected, disabled, size, onClick, ...rest }, ref) => {
    const group = useToggleGroup();
    const pressed =
      selected ??
      (group ? (Array.isArray(group.value) ? group.value.includes(value) : group.value === value) : false);
    const shownSize = size ?? group?.size ?? 'medium';
    return render(
      'button',
      cx(
        'kit-toggle-button',
        shownSize !== 'medium' && `kit-toggle-button-${shownSize}`,
        pressed && 'kit-selected',
      ),
      {
        type: 'button',
        'aria-pressed': pressed,
        disabled,
        ...rest,
        onClick: (event: React.MouseEvent<HTMLElement>) => {
          onClick?.(event);
          group?.toggle(event, value);
        },
      },
      ref,
    );
  },
);
ToggleButton.displayName = 'ToggleButton';
export default ToggleButton;
