import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { GridColDef } from '@mui/x-data-grid';
import Link from '../../kit/Link';
import type { BookRow } from '@portal/contracts';
import { displayedPolicyId } from '@portal/domain';
import { useConfig } from '../../config/config-context';
import { useFormatters } from '../../ui/format';

/** Where a row of the book opens: the client's page. */
export const clientPath = (row: BookRow) => `/broker/clients/${row.policyId}`;

/** An enrollment status in the reader's language (the code itself when it has no words). */
export function useBookStatus(): (value: string) => string {
  const { t } = useTranslation();
  return (value: string) => t(`broker.status.${value}`, { defaultValue: value });
}

/**
 * The book's columns: the policyholder (a link to the client), the policy, the subscriber ID the portal
 * shows everywhere, line, status, finance status, amount due, paid-through, grace and renewal dates,
 * autopay — in the reader's language and formats.
 */
export function useBookColumns(): GridColDef<BookRow>[] {
  const { t } = useTranslation();
  const format = useFormatters();
  const { account } = useConfig();
  const { idType } = displayedPolicyId({}, account.policyDisplayID);
  const status = useBookStatus();
  const columns: GridColDef<BookRow>[] = [
    {
      field: 'holder',
      headerName: t('broker.columns.holder'),
      flex: 1.4,
      minWidth: 170,
      valueGetter: (_value, row) => `${row.holderLastName}, ${row.holderFirstName}`,
      renderCell: ({ row }) => (
        <Link component={RouterLink} to={clientPath(row)} tabIndex={-1}>
          {row.holderFirstName} {row.holderLastName}
        </Link>
      ),
    },
    { field: 'policyNumber', headerName: t('broker.columns.policyNumber'), flex: 1, minWidth: 130 },
    {
      // The subscriber ID the portal shows everywhere (policyDisplayID), under its own name: never a mix
      // of exchange and issuer IDs under one heading (issue 33 item 10).
      field: 'exchangeSubscriberId',
      headerName: t(idType === 'IssuerId' ? 'nav.issuerIdLabel' : 'nav.exchangeIdLabel'),
      sortable: false,
      flex: 1,
      minWidth: 130,
      valueGetter: (_value, row) =>
        displayedPolicyId(
          { exchangeId: row.exchangeSubscriberId, issuerId: row.issuerSubscriberId },
          account.policyDisplayID,
        ).id ?? '—',
    },
    {
      field: 'line',
      headerName: t('broker.columns.line'),
      minWidth: 100,
      valueGetter: (_value, row) => t(`lineOfCoverage.${row.lineOfCoverage}`),
    },
    {
      field: 'status',
      headerName: t('broker.columns.status'),
      minWidth: 120,
      valueGetter: (_value, row) => status(row.enrollmentStatus),
    },
    {
      field: 'financeStatus',
      headerName: t('broker.columns.financeStatus'),
      minWidth: 130,
      valueGetter: (_value, row) =>
        row.financeStatus ? t(`broker.financeStatus.${row.financeStatus}`) : '—',
    },
    {
      field: 'amountDue',
      headerName: t('broker.columns.amountDue'),
      type: 'number',
      minWidth: 120,
      valueGetter: (_value, row) => row.amountDueCents,
      valueFormatter: (value: number) => format.money(value),
    },
    {
      field: 'paidThrough',
      headerName: t('broker.columns.paidThrough'),
      minWidth: 150,
      valueGetter: (_value, row) => (row.paidThroughDate ? format.date(row.paidThroughDate) : '—'),
    },
    {
      field: 'graceEnds',
      headerName: t('broker.columns.graceEnds'),
      minWidth: 150,
      valueGetter: (_value, row) => (row.gracePeriodEndDate ? format.date(row.gracePeriodEndDate) : '—'),
    },
    {
      field: 'renewal',
      headerName: t('broker.columns.renewal'),
      minWidth: 150,
      valueGetter: (_value, row) => (row.renewalStartDate ? format.date(row.renewalStartDate) : '—'),
    },
    {
      field: 'autopay',
      headerName: t('broker.columns.autopay'),
      sortable: false,
      minWidth: 100,
      valueGetter: (_value, row) => (row.autopay ? t('broker.yes') : t('broker.no')),
    },
  ];
  return columns;
}
