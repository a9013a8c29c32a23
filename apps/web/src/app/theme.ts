import { createTheme } from '@mui/material/styles';

// Colours chosen for WCAG 2.2 AA contrast on white (primary 7.6:1, secondary 7.1:1).
export const theme = createTheme({
  palette: {
    primary: { main: '#0d5c63' },
    secondary: { main: '#5b3a8c' },
    background: { default: '#f6f8f9' },
  },
  shape: { borderRadius: 8 },
  typography: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
});
