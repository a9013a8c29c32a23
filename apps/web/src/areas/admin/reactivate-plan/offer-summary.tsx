import { useTranslation } from 'react-i18next';
import type { PolicyDetail, ReinstatementOffer } from '@portal/contracts';
import Paper from '../../../kit/Paper';
import Stack from '../../../kit/Stack';
import Typography from '../../../kit/Typography';
import { loose } from '../../../i18n/loose';
import { useCoveredMonths } from '../../../ui/covered-months';
import { Facts, type Fact } from '../../../ui/facts';
import { useFormatters } from '../../../ui/format';

/**
 * What the member is asked to restore (SPEC §3 Reinstatement eligibility): the policy, when coverage ended
 * and why, the amount that reinstates it and the months it pays for — the months past due and each month
 * since it ended, from the server's ledger — the last day to ask, and how long the restored coverage runs.
 * The people covered are named to members only: a located guest sees no household member's name.
 */
export function OfferSummary({
  offer,
  detail,
  showMembers,
}: {
  offer: ReinstatementOffer;
  detail: PolicyDetail | undefined;
  showMembers: boolean;
}) {
  const { t } = useTranslation();
  const lt = loose(t);
  const format = useFormatters();
  const coveredMonths = useCoveredMonths();
  const offered = offer.refusal === null || offer.refusal === 'reinstatement-requested';
  const pastDue = offer.pastDueMonths.length;
  const since = offer.months.length - pastDue;
  const parts = [
    ...(pastDue > 0 ? [t('reinstatement.offer.monthsPastDue', { count: pastDue })] : []),
    ...(since > 0 ? [t('reinstatement.offer.monthsSinceEnded', { count: since })] : []),
  ];
  const line = lt(`lineOfCoverage.${offer.lineOfCoverage}`, { defaultValue: offer.lineOfCoverage });
  const facts: Fact[] = [
    { label: t('reinstatement.offer.policy'), value: `${offer.planName ?? line} (${offer.policyNumber})` },
    ...(offer.coverageEndedOn
      ? [{ label: t('reinstatement.offer.ended'), value: format.date(offer.coverageEndedOn) }]
      : []),
    ...(offer.terminationReason
      ? [
          {
            label: t('reinstatement.offer.reason'),
            value: t(`reinstatement.offer.reasons.${offer.terminationReason}`),
          },
        ]
      : []),
    ...(offered && offer.amountDueCents > 0
      ? [
          {
            label: t('reinstatement.offer.amount'),
            value: format.money(offer.amountDueCents),
            // The months it pays for, and what they are: those past due and each one since the coverage ended.
            detail:
              parts.length > 0
                ? t('reinstatement.offer.amountFor', {
                    months: coveredMonths(offer.months),
                    parts: format.list(parts),
                  })
                : coveredMonths(offer.months),
          },
        ]
      : []),
    ...(offer.expirationDate &&
    offer.refusal !== 'reinstatement-not-eligible' &&
    offer.refusal !== 'not-terminated'
      ? [
          {
            label: t('reinstatement.offer.deadline'),
            value: format.date(offer.expirationDate),
            tone: offer.refusal === 'reinstatement-expired' ? ('error' as const) : ('normal' as const),
          },
        ]
      : []),
    ...(offered && offer.restoredThrough
      ? [
          {
            label: t('reinstatement.offer.restored'),
            value: t('reinstatement.offer.restoredThrough', { date: format.date(offer.restoredThrough) }),
          },
        ]
      : []),
  ];
  // Who reinstating covers again: only while it is on offer, and never named to a guest.
  const members = showMembers && offered ? (detail?.members ?? []) : [];
  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 2, sm: 3 } }}
      component="section"
      aria-labelledby="reinstatement-offer-heading"
    >
      <Stack spacing={2}>
        <Typography id="reinstatement-offer-heading" variant="h6" component="h2">
          {t('reinstatement.offer.heading')}
        </Typography>
        <Facts items={facts} columns={2} />
        {members.length > 0 && (
          <Stack spacing={0.5}>
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
              {t('reinstatement.offer.members')}
            </Typography>
            <Typography component="ul" sx={{ m: 0, pl: 2.5 }}>
              {members.map((member) => (
                <li key={member.id}>{`${member.firstName} ${member.lastName}`}</li>
              ))}
            </Typography>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
