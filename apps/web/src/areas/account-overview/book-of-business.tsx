import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Link from '../../kit/Link';
import type { PolicySummary } from '@portal/contracts';
import { displayedPolicyId } from '@portal/domain';
import Box from '../../kit/Box';
import Paper from '../../kit/Paper';
import Typography from '../../kit/Typography';
import { useConfig } from '../../config/config-context';
import { DataTable } from '../../ui/data-table';
import { useFormatters } from '../../ui/format';
import { useLayout } from '../../ui/use-layout';
import type { OverviewPolicy } from './overview-model';

/**
 * A broker's clients (book of business): one line per policy, from the list the API already sent
 * (no per-policy calls for dozens of clients). Each policyholder's name opens the client's page; the
 * whole book — sorted, filtered, searched, exported — is on `/broker` (issue 13).
 */
export function BookOfBusiness({ policies }: { policies: readonly OverviewPolicy[] }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const { narrow } = useLayout();
  const { account } = useConfig();
  // The subscriber ID the portal shows everywhere (policyDisplayID), under its own name (issue 33 item 10).
  const { idType } = displayedPolicyId({}, account.policyDisplayID);
  const cells = (p: PolicySummary) => [
    <Link key="holder" component={RouterLink} to={`/broker/clients/${p.id}`}>
      {p.policyHolder.firstName} {p.policyHolder.lastName}
    </Link>,
    displayedPolicyId(
      { exchangeId: p.exchangeSubscriberId, issuerId: p.issuerSubscriberId },
      account.policyDisplayID,
    ).id ?? '—',
    p.planName ?? t(`lineOfCoverage.${p.lineOfCoverage}`),
    t(p.displayStatus, { defaultValue: p.enrollmentStatus }),
    format.money(p.amountDueCents),
  ];
  const headings = [
    t('overview.book.policyHolder'),
    t(idType === 'IssuerId' ? 'nav.issuerIdLabel' : 'nav.exchangeIdLabel'),
    t('overview.book.plan'),
    t('overview.book.status'),
    t('overview.book.amountDue'),
  ];
  return (
    <Paper component="section" variant="outlined" aria-labelledby="book-heading" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id="book-heading" variant="h5" component="h2" gutterBottom>
        {t('overview.book.heading')}
      </Typography>
      <Typography sx={{ mb: 1 }}>{t('overview.book.intro', { count: policies.length })}</Typography>
      <Link component={RouterLink} to="/broker" sx={{ display: 'inline-block', mb: 2 }}>
        {t('broker.book.openFull')}
      </Link>
      {narrow ? (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
          {policies.map(({ summary }) => (
            <Box
              component="li"
              key={summary.id}
              sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}
            >
              {cells(summary).map((value, index) => (
                <Typography
                  key={headings[index]}
                  variant={index === 0 ? 'body1' : 'body2'}
                  sx={index === 0 ? { fontWeight: 600 } : {}}
                >
                  {index === 0 ? (
                    value
                  ) : (
                    <>
                      {headings[index] ?? ''}: {value}
                    </>
                  )}
                </Typography>
              ))}
            </Box>
          ))}
        </Box>
      ) : (
        <DataTable
          labelledBy="book-heading"
          columns={headings}
          rows={policies.map(({ summary }) => ({ key: summary.spanId ?? summary.id, cells: cells(summary) }))}
        />
      )}
    </Paper>
  );
}
