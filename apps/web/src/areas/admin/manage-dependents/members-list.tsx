import { useTranslation } from 'react-i18next';
import type { PolicyDetail } from '@portal/contracts';
import Box from '../../../kit/Box';
import Button from '../../../kit/Button';
import Chip from '../../../kit/Chip';
import Typography from '../../../kit/Typography';
import { loose } from '../../../i18n/loose';
import { useFormatters } from '../../../ui/format';

export type PolicyMember = PolicyDetail['members'][number];

/** "Child", "Spouse", … (SPEC §3 Member relationship), in the reader's language. */
export function useRelationshipLabel() {
  const { t } = useTranslation();
  return (relationship: string) =>
    loose(t)(`dependents.relationship.${relationship}`, { defaultValue: relationship });
}

/** Colours that keep AA contrast on white: MUI's info blue does not. */
const STATUS_CHIP = {
  Active: { color: 'success', variant: 'filled', sx: {} },
  Pending: {
    color: 'default',
    variant: 'outlined',
    sx: { color: 'primary.dark', borderColor: 'primary.dark' },
  },
  Inactive: { color: 'default', variant: 'outlined', sx: {} },
} as const;

/**
 * The policy's people (SPEC §3 Member): name, relationship, date of birth, status (SPEC §4 member
 * status: Active, Pending, Inactive, from packages/domain coverage.ts on the server) and coverage dates;
 * the subscriber first. A dependent who may be removed has a Remove button named after them.
 */
export function MembersList({
  members,
  removable,
  onRemove,
}: {
  members: readonly PolicyMember[];
  removable: (member: PolicyMember) => boolean;
  onRemove: (member: PolicyMember) => void;
}) {
  const { t } = useTranslation();
  const format = useFormatters();
  const relationship = useRelationshipLabel();
  const ordered = [...members].sort(
    (a, b) =>
      Number(b.relationship === 'self') - Number(a.relationship === 'self') || a.dob.localeCompare(b.dob),
  );
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
      {ordered.map((member) => {
        const name = `${member.firstName} ${member.lastName}`;
        const coverage =
          member.effectiveDate === null
            ? t('dependents.people.noCoverage')
            : member.endDate === null
              ? t('dependents.people.coveredFrom', { date: format.date(member.effectiveDate) })
              : t('dependents.people.coveredFromTo', {
                  start: format.date(member.effectiveDate),
                  end: format.date(member.endDate),
                });
        return (
          <Box
            component="li"
            key={member.id}
            data-testid="policy-member"
            sx={{
              border: 1,
              borderColor: 'divider',
              borderRadius: 1,
              p: 2,
              display: 'flex',
              flexWrap: 'wrap',
              gap: 1.5,
              alignItems: 'center',
              justifyContent: 'space-between',
            }}
          >
            <Box sx={{ minWidth: 0 }}>
              <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
                <Typography
                  variant="subtitle1"
                  component="h3"
                  sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
                >
                  {name}
                </Typography>
                <Chip
                  size="small"
                  label={t(`memberStatus.${member.status}`)}
                  {...STATUS_CHIP[member.status]}
                />
              </Box>
              <Typography variant="body2">
                {relationship(member.relationship)} ·{' '}
                {t('dependents.people.born', { date: format.date(member.dob) })}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {coverage}
              </Typography>
            </Box>
            {removable(member) && (
              <Button
                variant="outlined"
                color="error"
                onClick={() => {
                  onRemove(member);
                }}
                aria-label={t('dependents.people.removeLabel', { name })}
              >
                {t('dependents.people.remove')}
              </Button>
            )}
          </Box>
        );
      })}
    </Box>
  );
}
