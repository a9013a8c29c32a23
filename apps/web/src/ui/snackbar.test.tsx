import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { SnackbarProvider, useSnackbar } from './snackbar';

function Trigger() {
  const { show } = useSnackbar();
  return (
    <button
      type="button"
      onClick={() => {
        show('Payment scheduled');
      }}
    >
      go
    </button>
  );
}

describe('snackbar (SPEC §8)', () => {
  it('shows a message with a dismiss button and closes when dismissed', async () => {
    render(
      <SnackbarProvider>
        <Trigger />
      </SnackbarProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'go' }));
    expect(await screen.findByText('Payment scheduled')).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
      await Promise.resolve();
    });
    await waitFor(() => {
      expect(screen.queryByText('Payment scheduled')).toBeNull();
    });
  });
});
