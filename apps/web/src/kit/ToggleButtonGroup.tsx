import { createContext, forwardRef, useContext, type MouseEvent } from 'react';
import { cx, render, type KitProps } from './base';

interface ToggleState {
  value: unknown;
  exclusive?: boolean;
  size?: 'small' | 'medium' | 'large';
  toggle: (event: MouseEvent<HTMLElement>, value: unknown) => void;
}
export const ToggleContext = createContext<ToggleState | null>(null);
export const useToggleGroup = () => useContext(ToggleContext);

export type ToggleButtonGroupProps = Omit<KitProps, 'onChange' | 'value'> & {
  value?: unknown;
  exclusive?: boolean;
  size?: 'small' | 'medium' | 'large';
  color?: string;
  onChange?: (event: MouseEvent<HTMLElement>, value: never) => void;
};

/** Buttons that stay pressed (aria-pressed), side by side in one outlined box; `exclusive`: one at a time. */
const ToggleButtonGroup = forwardRef<unknown, ToggleButtonGroupProps>(
  ({ value, exclusive, size = 'medium', color, onChange, ...rest }, ref) => {
    const tone = color && color !== 'standard' ? `kit-c-${color}` : undefined;
    return (
      <ToggleContext.Provider
        value={{
          value,
          exclusive,
          size,
          toggle: (event, chosen) => {
            if (exclusive) onChange?.(event, (value === chosen ? null : chosen) as never);
            else {
              const now: unknown[] = Array.isArray(value) ? (value as unknown[]) : [];
              onChange?.(
                event,
                (now.includes(chosen) ? now.filter((each) => each !== chosen) : [...now, chosen]) as never,
              );
            }
          },
        }}
      >
        {render('div', cx('kit-toggle-group', tone), { role: 'group', ...rest }, ref)}
      </ToggleContext.Provider>
    );
  },
);
ToggleButtonGroup.displayName = 'ToggleButtonGroup';
export default ToggleButtonGroup;
