import { useTranslation } from 'react-i18next';
import { sumCents } from '@portal/domain';
import { Link as RouterLink } from 'react-router';
import Alert from '../../kit/Alert';
import Button from '../../kit/Button';
import Paper from '../../kit/Paper';
import Stack from '../../kit/Stack';
import Typography from '../../kit/Typography';
import { HydrateLater } from '../../lib/hydrate-later';
import { useSignedInViewer, type Viewer } from '../../lib/viewer';
import { Facts } from '../../ui/facts';
import { useFormatters } from '../../ui/format';
import { BookOfBusiness } from './book-of-business';
import { groupPolicies, isGuest, overviewMode, type OverviewPolicy } from './overview-model';
import { PolicyCard } from './policy-card';
import { RecentDocuments } from './recent-documents';
import { RoleInfo } from './role-info';

/** Staff with member search, before choosing a member. */
function FindMember() {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h5" component="h2" gutterBottom>
        {t('overview.findMember.heading')}
      </Typography>
      <Typography sx={{ mb: 2 }}>{t('overview.findMember.body')}</Typography>
      <Button component={RouterLink} to="/admin/members" variant="contained">
        {t('overview.findMember.link')}
      </Button>
    </Paper>
  );
}

/** What is due across the member's policies, from the list the API sent first (no waiting for details). */
function AtAGlance({ policies }: { policies: readonly OverviewPolicy[] }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const due = sumCents(policies.map((p) => p.summary.amountDueCents));
  const dates = policies
    .map((p) => p.summary.paymentDueDate)
    .filter((d): d is string => d !== null)
    .sort();
  const active = policies.filter((p) => p.summary.active).length;
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="glance-heading"
      sx={{ p: { xs: 2, sm: 3 } }}
    >
      <Typography id="glance-heading" variant="h6" component="h2" sx={{ mb: 2 }}>
        {t('overview.glance.heading')}
      </Typography>
      <Facts
        columns={3}
        items={[
          { label: t('overview.glance.totalDue'), value: format.money(due) },
          {
            label: t('overview.glance.nextDueDate'),
            value: dates[0] ? format.date(dates[0]) : t('overview.none'),
          },
          { label: t('overview.glance.activePolicies'), value: format.number(active) },
        ]}
      />
    </Paper>
  );
}

function MemberOverview({ viewer }: { viewer: Viewer }) {
  const { t } = useTranslation();
  const policies = groupPolicies(viewer.policies);
  const guest = isGuest(viewer);
  if (policies.length === 0) {
    // Staff acting for a member found them (decision 043): a household without policies is said as such.
    if (!viewer.actingFor || viewer.actingSession)
      return <Alert severity="info">{t('overview.noPolicies')}</Alert>;
    return (
      <Alert
        severity="info"
        action={
          viewer.session.kind === 'staff' ? (
            <Button component={RouterLink} to="/admin/members" color="inherit" size="small">
              {t('overview.searchAgain')}
            </Button>
          ) : undefined
        }
      >
        {t('overview.noMemberFound', { id: viewer.actingFor })}
      </Alert>
    );
  }
  return (
    <Stack spacing={3}>
      {guest && <Alert severity="info">{t('overview.guestIntro')}</Alert>}
      <AtAGlance policies={policies} />
      {/* Each card, then the documents, hydrated in a task of its own (lib/hydrate-later.tsx). */}
      {policies.map((entry) => (
        <HydrateLater key={entry.summary.id} name={`policy-${entry.summary.id}`}>
          <PolicyCard viewer={viewer} entry={entry} guest={guest} />
        </HydrateLater>
      ))}
      {!guest && (
        <HydrateLater name="recent-documents">
          <RecentDocuments viewer={viewer} />
        </HydrateLater>
      )}
    </Stack>
  );
}

/**
 * /account-overview (SPEC §1, §2): every policy of the signed-in member — plan, coverage span, members
 * and their status, finance, reinstatement — refreshed in the background every 4 minutes (SPEC §9,
 * the query default). Staff see the member they searched (clearly marked by the shell's banner);
 * brokers their clients; guests what paying that one account needs.
 */
export function AccountOverviewPage() {
  const { t } = useTranslation();
  const viewer = useSignedInViewer();
  const mode = overviewMode(viewer);
  return (
    <Stack spacing={3}>
      <Typography variant="h4" component="h1">
        {t('overview.heading')}
      </Typography>
      {mode === 'find-member' && <FindMember />}
      {mode === 'role' && <RoleInfo viewer={viewer} />}
      {mode === 'book' && <BookOfBusiness policies={groupPolicies(viewer.policies)} />}
      {mode === 'member' && <MemberOverview viewer={viewer} />}
    </Stack>
  );
}

export default AccountOverviewPage;
