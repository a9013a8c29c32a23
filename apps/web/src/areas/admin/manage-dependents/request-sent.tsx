import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { ServiceRequest } from '@portal/contracts';
import Alert from '../../../kit/Alert';
import Box from '../../../kit/Box';
import Button from '../../../kit/Button';
import Link from '../../../kit/Link';
import Typography from '../../../kit/Typography';
import { useRequestSummary } from './open-requests';

/** The request was made: its reference, what happens next, and where to follow it (focus moves here). */
export function RequestSent({
  request,
  listPath,
  onClose,
}: {
  request: ServiceRequest;
  listPath: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const summary = useRequestSummary();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, [request.id]);
  return (
    <Alert
      severity="success"
      component="section"
      role="region"
      aria-labelledby="dependents-sent-heading"
      data-testid="dependents-request-sent"
    >
      <Typography
        id="dependents-sent-heading"
        ref={heading}
        tabIndex={-1}
        variant="h6"
        component="h2"
        sx={{ fontSize: '1.05rem', mb: 0.5, outline: 'none' }}
      >
        {t('dependents.done.heading')}: {summary(request)}
      </Typography>
      <Typography sx={{ mb: 1 }}>
        {t('dependents.done.reference', { reference: request.referenceNumber })}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        <Link component={RouterLink} to={listPath}>
          {t('dependents.done.list')}
        </Link>
        <Button variant="outlined" color="inherit" onClick={onClose}>
          {t('dependents.done.close')}
        </Button>
      </Box>
    </Alert>
  );
}
