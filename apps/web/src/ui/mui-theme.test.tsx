import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { useTheme } from '@mui/material/styles';
import { ConfigProvider } from '../config/config-context';
import { testConfig } from '../test/config';
import { MuiTheme } from './mui-theme';

function Colours() {
  const theme = useTheme();
  return (
    <output>{`${theme.palette.primary.main} ${theme.palette.secondary.main} ${String(theme.shape.borderRadius)}`}</output>
  );
}

describe("MuiTheme: MUI's theme for the MUI X widgets, with no theme from the app shell", () => {
  it("builds MUI's theme from the tenant's options over the product defaults", () => {
    const config = {
      ...testConfig(),
      theme: { options: { palette: { primary: { main: '#7a1f5c' } } }, superHeader: {} },
    };
    render(
      <ConfigProvider config={config}>
        <MuiTheme>
          <Colours />
        </MuiTheme>
      </ConfigProvider>,
    );
    // The tenant's primary, the product's secondary and radius (not MUI's defaults #9c27b0 and 4).
    expect(screen.getByRole('status').textContent).toBe('#7a1f5c #5b3a8c 8');
  });
});
