import type { ReactNode } from 'react';
import Alert from '../kit/Alert';
import AlertTitle from '../kit/AlertTitle';
import Link from '../kit/Link';
import Typography from '../kit/Typography';
import { NewTabHint } from './new-tab-hint';
import { PHONE_MARK, PhoneText } from './phone-text';

/**
 * Issue 11: a change an on-exchange member reports to the exchange (account.exchange), said in plain words
 * with the exchange's phone (kept on one line) and a link — instead of a form the issuer could not act on.
 */
export function ExchangeNotice(props: {
  id: string;
  title: string;
  body: ReactNode;
  contact: (phone: string) => string;
  phone: string;
  linkLabel: string;
  url: string;
}) {
  return (
    <Alert severity="info" role="region" aria-labelledby={`${props.id}-title`} data-testid={props.id}>
      <AlertTitle id={`${props.id}-title`} component="h3" sx={{ fontSize: '1.05rem' }}>
        {props.title}
      </AlertTitle>
      <Typography sx={{ mb: 1 }}>{props.body}</Typography>
      <Typography sx={{ mb: 0.5 }}>
        <PhoneText sentence={props.contact(PHONE_MARK)} phone={props.phone} />
      </Typography>
      <Link href={props.url} target="_blank" rel="noopener noreferrer" sx={{ fontWeight: 600 }}>
        {props.linkLabel}
        <NewTabHint />
      </Link>
    </Alert>
  );
}
