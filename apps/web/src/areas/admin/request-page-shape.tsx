import type { ReactNode, Ref } from 'react';
import Stack from '../../kit/Stack';
import Typography from '../../kit/Typography';

/**
 * The shape of a page about service requests (issue 11's member pages, issue 13's queue request page):
 * what comes before the title (the queue's way back), the page's one h1 with its introduction, then the
 * page. A heading given a ref takes the focus after an action (the queue says the outcome there).
 */
export function RequestPageShape({
  title,
  intro,
  before,
  headingRef,
  spacing = 3,
  maxWidth,
  children,
}: {
  title: string;
  intro?: ReactNode;
  before?: ReactNode;
  headingRef?: Ref<HTMLHeadingElement>;
  spacing?: number;
  maxWidth?: number;
  children: ReactNode;
}) {
  return (
    <Stack spacing={spacing} sx={maxWidth === undefined ? undefined : { maxWidth }}>
      {before}
      <Stack spacing={1}>
        <Typography
          ref={headingRef}
          variant="h4"
          component="h1"
          {...(headingRef ? { tabIndex: -1, sx: { outline: 'none', overflowWrap: 'anywhere' } } : {})}
        >
          {title}
        </Typography>
        {intro !== undefined && <Typography>{intro}</Typography>}
      </Stack>
      {children}
    </Stack>
  );
}
