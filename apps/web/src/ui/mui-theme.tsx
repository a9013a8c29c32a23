import { useMemo, type ReactNode } from 'react';
import { ThemeProvider } from '@mui/material/styles';
import { useConfig } from '../config/config-context';
import { tenantTheme } from './mui-theme-options';

/**
 * MUI's theme, built from the tenant's (SPEC §7 `theme`), around one of the MUI X widgets the portal keeps
 * (the broker book's Data Grid, the service queue's chart; docs/decisions/030). The app shell draws with the
 * kit and provides no MUI theme: each widget brings its own, so MUI and emotion load with that widget's
 * lazily loaded page and with no other.
 */
export function MuiTheme({ children }: { children: ReactNode }) {
  const { theme } = useConfig();
  const muiTheme = useMemo(() => tenantTheme(theme.options), [theme.options]);
  return <ThemeProvider theme={muiTheme}>{children}</ThemeProvider>;
}
