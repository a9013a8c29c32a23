import { useSyncExternalStore } from 'react';
import { useIsMutating } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Box from '../kit/Box';
import CircularProgress from '../kit/CircularProgress';

/**
 * SPEC §2 "A full-screen processing spinner shows while work is in progress": every change sent to
 * the server (a mutation) and any work wrapped in `whileProcessing` (sign-in, sign-out) shows it.
 * Reading pages show their own loading states instead, so background refreshes never cover the screen.
 */
let running = 0;
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

export async function whileProcessing<T>(work: () => Promise<T>): Promise<T> {
  running += 1;
  notify();
  try {
    return await work();
  } finally {
    running = Math.max(0, running - 1);
    notify();
  }
}

/** SPEC §8: the global error stops the spinner. */
export function stopProcessing(): void {
  running = 0;
  notify();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const snapshot = () => running;

export function ProcessingSpinner() {
  const { t } = useTranslation();
  const work = useSyncExternalStore(subscribe, snapshot, snapshot);
  const mutating = useIsMutating();
  if (work === 0 && mutating === 0) return null;
  return (
    <Box
      data-testid="processing-spinner"
      sx={{
        position: 'fixed',
        inset: 0,
        zIndex: (theme) => theme.zIndex.modal + 1,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        bgcolor: 'rgba(0, 0, 0, 0.5)',
        color: '#fff',
      }}
    >
      <CircularProgress color="inherit" aria-label={t('app.processing')} />
    </Box>
  );
}
