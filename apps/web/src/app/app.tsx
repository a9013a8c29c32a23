import { useState } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router/dom';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { createRouter } from './router';
import { theme } from './theme';

// SPEC §9: server state refreshes in the background every 4 minutes.
const BACKGROUND_REFRESH_MS = 4 * 60 * 1000;

export function App() {
  const [queryClient] = useState(
    () =>
      new QueryClient({
        defaultOptions: { queries: { refetchInterval: BACKGROUND_REFRESH_MS, staleTime: 30_000, retry: 1 } },
      }),
  );
  const [router] = useState(createRouter);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ThemeProvider>
  );
}
