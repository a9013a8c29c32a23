import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { NewTabHint } from './new-tab-hint';

/**
 * Issue 11: a change an on-exchange member reports to the exchange (account.exchange), said in plain words
 * with the exchange's phone and a link — instead of a form the issuer could not act on.
 */
export function ExchangeNotice(props: { id: string; title: string; body: ReactNode; contact: string; linkLabel: string; url: string }) {
  return (
    <Alert severity="info" role="region" aria-labelledby={`${props.id}-title`} data-testid={props.id}>
      <AlertTitle id={`${props.id}-title`} component="h3" sx={{ fontSize: '1.05rem' }}>
        {props.title}
      </AlertTitle>
      <Typography sx={{ mb: 1 }}>{props.body}</Typography>
      <Typography sx={{ mb: 0.5 }}>{props.contact}</Typography>
      <Link href={props.url} target="_blank" rel="noopener noreferrer" sx={{ fontWeight: 600 }}>
        {props.linkLabel}
        <NewTabHint />
      </Link>
    </Alert>
  );
}
