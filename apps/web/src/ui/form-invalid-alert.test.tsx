import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { formErrorMessage } from '@portal/domain';
import { FormInvalidAlert } from './form-invalid-alert';

const message = (field: string) => ({ message: JSON.stringify(formErrorMessage(field, [{ kind: 'required' }])) });

function Form({ submitCount }: { submitCount: number }) {
  const ref = useRef<HTMLFormElement>(null);
  return (
    <form ref={ref}>
      <FormInvalidAlert
        formRef={ref}
        fields={['address.street1', 'address.state', 'email']}
        errors={{ 'address.state': message('address.state'), email: message('email') }}
        submitCount={submitCount}
        labels={{ 'address.state': 'State', email: 'Email' }}
      />
      <input name="address.street1" aria-label="Street" />
      <select name="address.state" aria-label="State">
        <option value="">—</option>
      </select>
      <input name="email" aria-label="Email" />
    </form>
  );
}

describe('form-invalid alert (SPEC §5)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('focuses the first invalid field, even a select in a nested group, and shows its message for 5 seconds', () => {
    const { rerender } = render(<Form submitCount={0} />);
    expect(screen.queryByText('State is required.')).toBeNull();
    rerender(<Form submitCount={1} />);
    expect(screen.getByText('State is required.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('combobox', { name: 'State' }));
    act(() => {
      vi.advanceTimersByTime(4_900);
    });
    expect(screen.getByText('State is required.')).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(screen.queryByText('State is required.')).toBeNull();
  });
});
