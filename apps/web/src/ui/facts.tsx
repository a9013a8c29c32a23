import type { ReactNode } from 'react';
import Box from '@mui/material/Box';

export interface Fact {
  label: string;
  value: ReactNode;
  /** Emphasise (e.g. an amount past due). */
  tone?: 'normal' | 'warning' | 'error';
  /** A line under the value that qualifies it (e.g. the months an amount is for); read with the value. */
  detail?: string;
}

/** Label/value pairs as a description list, in columns where there is room. */
export function Facts({ items, columns = 3 }: { items: readonly Fact[]; columns?: 2 | 3 | 4 }) {
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', md: `repeat(${columns}, minmax(0, 1fr))` },
        columnGap: 3,
        rowGap: 1.5,
        m: 0,
      }}
    >
      {items.map((item) => (
        <Box key={item.label} sx={{ minWidth: 0 }}>
          <Box component="dt" sx={{ typography: 'body2', color: 'text.secondary' }}>
            {item.label}
          </Box>
          <Box
            component="dd"
            sx={{
              m: 0,
              typography: 'body1',
              fontWeight: 600,
              overflowWrap: 'anywhere',
              color: item.tone === 'error' ? 'error.dark' : item.tone === 'warning' ? '#7a4100' : 'text.primary',
            }}
          >
            {item.value}
            {item.detail && (
              <>
                {' '}
                <Box component="span" sx={{ display: 'block', typography: 'body2', fontWeight: 400, color: 'text.secondary' }}>
                  {item.detail}
                </Box>
              </>
            )}
          </Box>
        </Box>
      ))}
    </Box>
  );
}
