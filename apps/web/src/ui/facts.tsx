import type { ReactNode } from 'react';
import Box from '../kit/Box';
import type { SxProps, Theme } from '../kit/styles';

export interface Fact {
  label: string;
  value: ReactNode;
  /** Emphasise (e.g. an amount past due). */
  tone?: 'normal' | 'warning' | 'error';
  /** A line under the value that qualifies it (e.g. the months an amount is for); read with the value. */
  detail?: string;
  /** The parts the value is the sum of, each once (e.g. past due and this bill), listed under it. */
  breakdown?: readonly { readonly label: string; readonly value: string }[];
}

/**
 * One style for the list and everything in it, so that each fact is plain elements: a policy card
 * holds about twenty facts, and three styled components a fact were most of the overview's styled
 * components, each worked out again on every render (docs/decisions/033).
 */
const factsSx = (columns: 2 | 3 | 4): SxProps<Theme> => ({
  display: 'grid',
  gridTemplateColumns: {
    xs: '1fr',
    sm: 'repeat(2, minmax(0, 1fr))',
    md: `repeat(${columns}, minmax(0, 1fr))`,
  },
  columnGap: 3,
  rowGap: 1.5,
  m: 0,
  '& > div': { minWidth: 0 },
  '& > div > dt': { typography: 'body2', color: 'text.secondary' },
  '& > div > dd': {
    m: 0,
    typography: 'body1',
    fontWeight: 600,
    overflowWrap: 'anywhere',
    color: 'text.primary',
  },
  '& > div > dd[data-tone="error"]': { color: 'error.dark' },
  '& > div > dd[data-tone="warning"]': { color: '#7a4100' },
  '& > div > dd > .fact-detail': {
    display: 'block',
    typography: 'body2',
    fontWeight: 400,
    color: 'text.secondary',
  },
  '& > div > dd > .fact-breakdown': {
    m: 0,
    mt: 0.5,
    pl: 2.5,
    typography: 'body2',
    fontWeight: 400,
    color: 'text.primary',
  },
  '& > div > dd > .fact-breakdown > li > span': { fontWeight: 600, whiteSpace: 'nowrap' },
});
const FACTS_SX = { 2: factsSx(2), 3: factsSx(3), 4: factsSx(4) } as const;

/** Label/value pairs as a description list, in columns where there is room. */
export function Facts({ items, columns = 3 }: { items: readonly Fact[]; columns?: 2 | 3 | 4 }) {
  return (
    <Box component="dl" sx={FACTS_SX[columns]}>
      {items.map((item) => (
        <div key={item.label}>
          <dt>{item.label}</dt>
          <dd data-tone={item.tone === 'error' || item.tone === 'warning' ? item.tone : undefined}>
            {item.value}
            {item.detail && (
              <>
                {' '}
                <span className="fact-detail">{item.detail}</span>
              </>
            )}
            {item.breakdown && item.breakdown.length > 0 && (
              <ul className="fact-breakdown">
                {item.breakdown.map((part) => (
                  <li key={part.label}>
                    {part.label}: <span>{part.value}</span>
                  </li>
                ))}
              </ul>
            )}
          </dd>
        </div>
      ))}
    </Box>
  );
}
