import { useTranslation } from 'react-i18next';
import type { AddDependentDetails, RemoveDependentDetails, ServiceRequest } from '@portal/contracts';
import Box from '../../../kit/Box';
import Paper from '../../../kit/Paper';
import Typography from '../../../kit/Typography';
import { loose } from '../../../i18n/loose';
import { useFormatters } from '../../../ui/format';

/** "Add Lucas Silva and Luna Silva" / "Remove Ana Silva": what an open dependent request asks for. */
export function useRequestSummary() {
  const { t } = useTranslation();
  const format = useFormatters();
  return (request: ServiceRequest) => {
    if (request.type === 'remove-dependent')
      return t('dependents.open.remove', {
        name: (request.details as Partial<RemoveDependentDetails>).memberName ?? '',
      });
    const people = (request.details as Partial<AddDependentDetails>).dependents ?? [];
    return t('dependents.open.add', {
      names: format.list(people.map((person) => `${person.firstName} ${person.lastName}`)),
    });
  };
}

/** The policy's dependent requests staff have not finished (Submitted or In review), so nobody asks twice. */
export function OpenRequests({ requests }: { requests: readonly ServiceRequest[] }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const summary = useRequestSummary();
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="dependents-open-heading"
      sx={{ p: { xs: 2, sm: 3 } }}
    >
      <Typography id="dependents-open-heading" variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('dependents.open.heading')}
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {requests.map((request) => (
          <li key={request.id}>
            <Typography component="span" sx={{ fontWeight: 600 }}>
              {summary(request)}
            </Typography>
            {' — '}
            {t('dependents.open.sent', {
              reference: request.referenceNumber,
              date: format.date(request.createdAt.slice(0, 10)),
              status: loose(t)(`dependents.requestStatus.${request.status}`, {
                defaultValue: request.status,
              }),
            })}
          </li>
        ))}
      </Box>
    </Paper>
  );
}
