import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { SNACKBAR_DURATION_MS } from '@portal/domain';

// The snackbar itself loads with the first message.
const SnackbarView = lazy(() => import('./snackbar-view'));

export interface SnackbarMessage {
  id: number;
  text: string;
  durationMs: number;
}

interface SnackbarApi {
  /** SPEC §8: a short message, 3 s by default, with a dismiss button. */
  show: (text: string, options?: { durationMs?: number }) => void;
}

const SnackbarContext = createContext<SnackbarApi>({ show: () => undefined });

export function useSnackbar(): SnackbarApi {
  return useContext(SnackbarContext);
}

/** One message at a time; the next waits until the current one closes. */
export function SnackbarProvider({ children }: { children: ReactNode }) {
  const [queue, setQueue] = useState<SnackbarMessage[]>([]);
  const show = useCallback((text: string, options?: { durationMs?: number }) => {
    setQueue((current) => [
      ...current,
      { id: Date.now() + Math.random(), text, durationMs: options?.durationMs ?? SNACKBAR_DURATION_MS },
    ]);
  }, []);
  const api = useMemo(() => ({ show }), [show]);
  const current = queue[0];
  const close = () => {
    setQueue((items) => items.slice(1));
  };
  return (
    <SnackbarContext value={api}>
      {children}
      {current && (
        <Suspense fallback={null}>
          <SnackbarView
            key={current.id}
            text={current.text}
            durationMs={current.durationMs}
            onClose={close}
          />
        </Suspense>
      )}
    </SnackbarContext>
  );
}
