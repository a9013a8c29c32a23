import { useTranslation } from 'react-i18next';
import type { PolicyDetail } from '@portal/contracts';
import Box from '../../kit/Box';
import Chip from '../../kit/Chip';
import Typography from '../../kit/Typography';
import { DataTable } from '../../ui/data-table';
import { useFormatters } from '../../ui/format';
import { useLayout } from '../../ui/use-layout';

type Member = PolicyDetail['members'][number];

// Darker than MUI's defaults so that the text keeps 4.5:1 contrast (WCAG 1.4.3).
const STATUS_COLOUR = { Active: '#1b5e20', Pending: '#01579b', Inactive: '#424242' } as const;

/** SPEC §4 member status: Active, Pending or Inactive, from the member's merged coverage spans. */
function StatusChip({ status }: { status: Member['status'] }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      variant="outlined"
      label={t(`memberStatus.${status}`)}
      sx={{ fontWeight: 600, color: STATUS_COLOUR[status], borderColor: STATUS_COLOUR[status] }}
    />
  );
}

/** Subscriber first, then spouse/partner, then the others by name. */
function ordered(members: readonly Member[]): Member[] {
  const rank = (m: Member) =>
    m.relationship === 'self'
      ? 0
      : m.relationship === 'spouse' || m.relationship === 'domesticPartner'
        ? 1
        : 2;
  return [...members].sort((a, b) => rank(a) - rank(b) || a.firstName.localeCompare(b.firstName));
}

/** The people covered by a policy, with their status and coverage dates. */
export function MembersList({ members, headingId }: { members: readonly Member[]; headingId: string }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const { narrow } = useLayout();
  const rows = ordered(members);
  const coverage = (m: Member) =>
    m.effectiveDate
      ? t('overview.dateRange', {
          start: format.date(m.effectiveDate),
          end: m.endDate ? format.date(m.endDate) : t('overview.ongoing'),
        })
      : t('overview.none');

  const heading = (
    <Typography id={headingId} variant="h6" component="h3" sx={{ mb: 1 }}>
      {t('overview.members.heading')}
    </Typography>
  );
  if (narrow) {
    return (
      <Box component="section" aria-labelledby={headingId}>
        {heading}
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
          {rows.map((m) => (
            <Box
              component="li"
              key={m.id}
              sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}
            >
              <Typography sx={{ fontWeight: 600 }}>
                {m.firstName} {m.lastName}
              </Typography>
              <Typography variant="body2">
                {t(`relationship.${m.relationship}`, { defaultValue: m.relationship })}
              </Typography>
              <Typography variant="body2">{coverage(m)}</Typography>
              <Box sx={{ mt: 0.5 }}>
                <StatusChip status={m.status} />
              </Box>
            </Box>
          ))}
        </Box>
      </Box>
    );
  }
  return (
    <Box component="section" aria-labelledby={headingId}>
      {heading}
      <DataTable
        labelledBy={headingId}
        columns={[
          t('overview.members.name'),
          t('overview.members.relationship'),
          t('overview.members.dateOfBirth'),
          t('overview.members.coverage'),
          t('overview.members.status'),
        ]}
        rows={rows.map((m) => ({
          key: m.id,
          cells: [
            `${m.firstName} ${m.lastName}`,
            t(`relationship.${m.relationship}`, { defaultValue: m.relationship }),
            format.date(m.dob),
            coverage(m),
            <StatusChip key="status" status={m.status} />,
          ],
        }))}
      />
    </Box>
  );
}
