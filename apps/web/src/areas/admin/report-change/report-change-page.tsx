import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { PolicySummary } from '@portal/contracts';
import { changeRouteOf, type ReportableChange } from '@portal/domain';
import Alert from '../../../kit/Alert';
import Box from '../../../kit/Box';
import Link from '../../../kit/Link';
import Paper from '../../../kit/Paper';
import Stack from '../../../kit/Stack';
import Typography from '../../../kit/Typography';
import { useConfig } from '../../../config/config-context';
import { useSignedInViewer } from '../../../lib/viewer';
import { PolicySelector, useSelectedPolicy } from '../../../ui/policy-selector';
import { ExchangeLink, ExchangePhone } from './exchange-link';

/** The pages a change is made on (SPEC §2; some are built by other parts of issue 11). */
const PAGES = {
  manageAddress: '/admin/policy-selection/manage-address',
  contactInfo: '/admin/policy-selection/contact-info',
  manageDependents: '/admin/policy-selection/manage-dependents',
  demographics: '/admin/demographics',
  coverageDetails: '/admin/policy-selection/coverage-details',
  changePlan: '/admin/policy-selection/change-plan',
  serviceRequests: '/admin/policy-selection/service-requests',
} as const;
type Page = keyof typeof PAGES;

type ItemKey =
  | 'move'
  | 'mailing'
  | 'contact'
  | 'newChild'
  | 'marriage'
  | 'leaves'
  | 'personal'
  | 'language'
  | 'income'
  | 'otherCoverage'
  | 'endCoverage'
  | 'coverageDates'
  | 'plan'
  | 'other';
type GroupKey = 'home' | 'household' | 'you' | 'coverage';

interface ChangeItem {
  key: ItemKey;
  /** The change as the on-exchange rule knows it (packages/domain `changeRouteFor`). */
  change: ReportableChange;
  /** Where the issuer takes it; null when there is nothing to tell the issuer (income off-exchange). */
  page: Page | null;
}

/**
 * The changes a member can report, grouped the way people think of them. A move is always started on
 * the address page: whether it crosses a rating area (and so goes to the exchange) is known only there.
 */
const GROUPS: readonly { key: GroupKey; items: readonly ChangeItem[] }[] = [
  {
    key: 'home',
    items: [
      { key: 'move', change: 'residential-address-same-rating-area', page: 'manageAddress' },
      { key: 'mailing', change: 'mailing-address', page: 'manageAddress' },
      { key: 'contact', change: 'contact', page: 'contactInfo' },
    ],
  },
  {
    key: 'household',
    items: [
      { key: 'newChild', change: 'household-size', page: 'manageDependents' },
      { key: 'marriage', change: 'household-size', page: 'manageDependents' },
      { key: 'leaves', change: 'household-size', page: 'manageDependents' },
    ],
  },
  {
    key: 'you',
    items: [
      { key: 'personal', change: 'demographics', page: 'demographics' },
      { key: 'language', change: 'language', page: 'demographics' },
    ],
  },
  {
    key: 'coverage',
    items: [
      // Income sets an on-exchange policy's tax credit; it has no effect on a policy bought from the issuer.
      { key: 'income', change: 'income', page: null },
      { key: 'otherCoverage', change: 'end-coverage', page: 'coverageDetails' },
      { key: 'endCoverage', change: 'end-coverage', page: 'coverageDetails' },
      { key: 'coverageDates', change: 'coverage-dates', page: 'coverageDetails' },
      { key: 'plan', change: 'change-plan', page: 'changePlan' },
      { key: 'other', change: 'general', page: 'serviceRequests' },
    ],
  },
];

function ChangeEntry({ item, policy }: { item: ChangeItem; policy: PolicySummary }) {
  const { t } = useTranslation();
  const exchange = useConfig().account.exchange;
  const titleId = useId();
  const onExchange = changeRouteOf(policy, 'household-size') === 'exchange';
  const route = changeRouteOf(policy, item.change);
  const description = (() => {
    if (route === 'exchange')
      return t(
        `reportChange.items.${item.key as Exclude<ItemKey, 'move' | 'mailing' | 'contact' | 'language' | 'other'>}.exchange`,
        { exchange: exchange.name },
      );
    if (item.key === 'move' && onExchange)
      return t('reportChange.items.move.onExchange', { exchange: exchange.name });
    return t(`reportChange.items.${item.key}.issuer`, { exchange: exchange.name });
  })();
  return (
    <Box
      component="li"
      sx={{ py: 1.5, borderBottom: 1, borderColor: 'divider', '&:last-of-type': { borderBottom: 0 } }}
      data-testid={`change-${item.key}`}
      data-route={route}
    >
      <Typography id={titleId} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {t(`reportChange.items.${item.key}.title`)}
      </Typography>
      <Typography sx={{ mb: 0.5 }}>{description}</Typography>
      {route === 'exchange' ? (
        <Typography
          component="div"
          sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1, alignItems: 'baseline' }}
        >
          <ExchangeLink label={t('reportChange.reportAt', { exchange: exchange.name })} />
          {exchange.phone.trim() !== '' && (
            <span>
              {t('reportChange.callExchange')} <ExchangePhone />
            </span>
          )}
        </Typography>
      ) : item.page ? (
        <Link
          component={RouterLink}
          to={PAGES[item.page]}
          aria-describedby={titleId}
          sx={{ fontWeight: 600 }}
        >
          {t('reportChange.goTo', { page: t(`reportChange.pages.${item.page}`) })}
        </Link>
      ) : (
        <ExchangeLink label={t('reportChange.marketplaceSavings', { exchange: exchange.name })} />
      )}
    </Box>
  );
}

/**
 * /admin/policy-selection/report-change (issue 11; DOMAIN "Changes and requests"): a guided list of the
 * changes a member can report, each leading to the page where it is made — or, for the selected
 * on-exchange policy, to the exchange when `changeRouteFor` says the exchange decides it (household
 * size, income, personal details, coverage dates, ending coverage, a plan change). For a policy bought
 * from the issuer, income changes nothing, and the page says so.
 */
export default function ReportChangePage() {
  const { t } = useTranslation();
  const viewer = useSignedInViewer();
  const exchange = useConfig().account.exchange;
  const current = useMemo(
    () => viewer.policies.filter((policy) => policy.status !== 'Inactive'),
    [viewer.policies],
  );
  const { policy, choices } = useSelectedPolicy(
    current.length > 0 ? current : viewer.policies,
    (candidate) => candidate.lineOfCoverage === 'Medical',
  );
  return (
    <Stack spacing={3} sx={{ maxWidth: 880 }}>
      <Stack spacing={1}>
        <Typography variant="h4" component="h1">
          {t('reportChange.heading')}
        </Typography>
        <Typography>{t('reportChange.intro')}</Typography>
      </Stack>
      {!policy ? (
        <Alert severity="info">
          {viewer.session.kind === 'staff' && viewer.actingFor === null
            ? t('overview.findMember.body')
            : t('reportChange.noPolicies')}
        </Alert>
      ) : (
        <>
          <PolicySelector choices={choices} selected={policy} />
          <Alert severity="info">
            {changeRouteOf(policy, 'household-size') === 'exchange'
              ? t('reportChange.onExchange', { exchange: exchange.name })
              : t('reportChange.offExchange')}
          </Alert>
          {GROUPS.map((group) => (
            <Paper
              key={group.key}
              variant="outlined"
              component="section"
              aria-labelledby={`report-change-${group.key}`}
              sx={{ px: { xs: 2, sm: 3 }, py: 2 }}
            >
              <Typography id={`report-change-${group.key}`} variant="h6" component="h2">
                {t(`reportChange.groups.${group.key}`)}
              </Typography>
              <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
                {group.items.map((item) => (
                  <ChangeEntry key={item.key} item={item} policy={policy} />
                ))}
              </Box>
            </Paper>
          ))}
        </>
      )}
    </Stack>
  );
}
