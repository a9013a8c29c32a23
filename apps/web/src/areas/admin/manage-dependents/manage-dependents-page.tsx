import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { PolicyDetail, ServiceRequest } from '@portal/contracts';
import { changeRouteOf } from '@portal/domain';
import Alert from '../../../kit/Alert';
import Box from '../../../kit/Box';
import Button from '../../../kit/Button';
import Link from '../../../kit/Link';
import Paper from '../../../kit/Paper';
import Skeleton from '../../../kit/Skeleton';
import Stack from '../../../kit/Stack';
import Typography from '../../../kit/Typography';
import { useConfig } from '../../../config/config-context';
import { policyQueryOptions } from '../../../data/policy/get-policy';
import { serviceRequestsQueryOptions } from '../../../data/service-request/get-service-requests';
import { useSignedInViewer } from '../../../lib/viewer';
import { PolicySelector, useSelectedPolicy } from '../../../ui/policy-selector';
import { ExchangeLink, ExchangePhone } from '../report-change/exchange-link';
import { AddDependentsForm } from './add-dependents-form';
import { MembersList, type PolicyMember } from './members-list';
import { OpenRequests } from './open-requests';
import { RemoveDependentForm } from './remove-dependent-form';
import { RequestSent } from './request-sent';

const SERVICE_REQUESTS_PATH = '/admin/policy-selection/service-requests';

type Mode =
  | { kind: 'list' }
  | { kind: 'add' }
  | { kind: 'remove'; member: PolicyMember }
  | { kind: 'sent'; request: ServiceRequest };

/** SPEC §4 "On-exchange": household changes are the exchange's (issue 11); the page says so instead of offering the forms. */
function ExchangeNotice() {
  const { t } = useTranslation();
  const { name } = useConfig().account.exchange;
  return (
    <Alert severity="info" component="section" role="region" aria-labelledby="dependents-exchange-heading">
      <Typography
        id="dependents-exchange-heading"
        variant="h6"
        component="h2"
        sx={{ fontSize: '1.05rem', mb: 0.5 }}
      >
        {t('dependents.exchange.heading', { exchange: name })}
      </Typography>
      <Typography sx={{ mb: 1 }}>{t('dependents.exchange.body', { exchange: name })}</Typography>
      <Stack spacing={0.5}>
        <Box>
          <ExchangeLink label={t('dependents.exchange.link', { exchange: name })} />
        </Box>
        <Typography>
          {t('dependents.exchange.phoneBefore', { exchange: name })} <ExchangePhone />
        </Typography>
      </Stack>
    </Alert>
  );
}

/**
 * /admin/policy-selection/manage-dependents (issue 11; SPEC §3 Member and Add-dependent form, §4 member
 * status and policy selection, §5 "Dependents"): the selected policy's people with their relationship,
 * date of birth, status and coverage dates; then, for an off-exchange or group policy, a request to add
 * dependents for a qualifying life event (role action `add-dependent`) or to remove one with a reason and
 * a date (`remove-dependent`), each confirmed before it is sent and reviewed by staff. On-exchange
 * policies report household changes to the exchange (`changeRouteFor(policy, 'household-size')`).
 */
export default function ManageDependentsPage() {
  const { t } = useTranslation();
  const viewer = useSignedInViewer();
  const candidates = useMemo(
    () => viewer.policies.filter((policy) => policy.status !== 'Inactive'),
    [viewer.policies],
  );
  const { policy, choices } = useSelectedPolicy(
    candidates,
    (candidate) => candidate.lineOfCoverage === 'Medical',
  );
  const detail = useQuery({
    ...policyQueryOptions(viewer.credentialKey, policy?.id ?? ''),
    enabled: policy !== null,
    meta: { redirectOnError: false },
  });
  const householdId = policy?.householdId ?? null;
  const open = useQuery({
    ...serviceRequestsQueryOptions(viewer.credentialKey, householdId ?? '', {
      policyId: policy?.id,
      status: 'open',
    }),
    enabled: householdId !== null && policy !== null,
    meta: { redirectOnError: false },
  });
  const [mode, setMode] = useState<Mode>({ kind: 'list' });
  const peopleHeading = useRef<HTMLHeadingElement>(null);
  const [shownPolicy, setShownPolicy] = useState(policy?.id ?? null);
  // Another policy chosen: whatever was being done was about the other one.
  if ((policy?.id ?? null) !== shownPolicy) {
    setShownPolicy(policy?.id ?? null);
    setMode({ kind: 'list' });
  }

  const frame = (children: React.ReactNode) => (
    <Stack spacing={3} sx={{ maxWidth: 880 }}>
      <Stack spacing={1}>
        <Typography variant="h4" component="h1">
          {t('dependents.heading')}
        </Typography>
        <Typography>{t('dependents.intro')}</Typography>
      </Stack>
      {children}
    </Stack>
  );

  if (!policy) {
    return frame(
      <Alert severity="info">
        {viewer.session.kind === 'staff' && viewer.actingFor === null
          ? t('overview.findMember.body')
          : t('dependents.noPolicies')}
      </Alert>,
    );
  }

  const onExchange = changeRouteOf(policy, 'household-size') === 'exchange';
  const canAdd = viewer.session.actions.includes('add-dependent');
  const canRemove = viewer.session.actions.includes('remove-dependent');
  const backToList = () => {
    setMode({ kind: 'list' });
    requestAnimationFrame(() => peopleHeading.current?.focus());
  };
  const sent = (request: ServiceRequest) => {
    setMode({ kind: 'sent', request });
  };
  const data: PolicyDetail | undefined = detail.data;
  const openRequests =
    open.data?.items.filter((item) => item.type === 'add-dependent' || item.type === 'remove-dependent') ??
    [];
  const pendingRemoval = new Set(
    openRequests.filter((item) => item.type === 'remove-dependent').flatMap((item) => item.memberIds),
  );

  return frame(
    <>
      <PolicySelector choices={choices} selected={policy} />
      {onExchange && <ExchangeNotice />}
      {mode.kind === 'sent' && (
        <RequestSent request={mode.request} listPath={SERVICE_REQUESTS_PATH} onClose={backToList} />
      )}
      <Paper
        variant="outlined"
        component="section"
        aria-labelledby="dependents-people-heading"
        sx={{ p: { xs: 2, sm: 3 } }}
      >
        <Typography
          id="dependents-people-heading"
          ref={peopleHeading}
          tabIndex={-1}
          variant="h6"
          component="h2"
          sx={{ mb: 2, outline: 'none' }}
        >
          {t('dependents.people.heading')}
        </Typography>
        {data ? (
          <MembersList
            members={data.members}
            removable={(member) =>
              !onExchange &&
              canRemove &&
              mode.kind !== 'remove' &&
              member.relationship !== 'self' &&
              member.status !== 'Inactive' &&
              !pendingRemoval.has(member.id)
            }
            onRemove={(member) => {
              setMode({ kind: 'remove', member });
            }}
          />
        ) : detail.isError ? (
          <Alert
            severity="warning"
            action={
              <Button color="inherit" onClick={() => void detail.refetch()}>
                {t('dependents.people.tryAgain')}
              </Button>
            }
          >
            {t('dependents.people.loadFailed')}
          </Alert>
        ) : (
          <Box role="status" aria-label={t('dependents.people.loading')}>
            <Skeleton variant="rounded" height={140} />
          </Box>
        )}
      </Paper>
      {openRequests.length > 0 && <OpenRequests requests={openRequests} />}
      {data && !onExchange && mode.kind === 'remove' && (
        <RemoveDependentForm policy={data} member={mode.member} onCancel={backToList} onSent={sent} />
      )}
      {data && !onExchange && mode.kind === 'add' && (
        <AddDependentsForm policy={data} onCancel={backToList} onSent={sent} />
      )}
      {data && !onExchange && (mode.kind === 'list' || mode.kind === 'sent') && canAdd && (
        <Box>
          <Button
            variant="contained"
            size="large"
            onClick={() => {
              setMode({ kind: 'add' });
            }}
          >
            {t('dependents.add.open')}
          </Button>
        </Box>
      )}
      {data && !onExchange && !canAdd && !canRemove && (
        <Alert severity="info">{t('dependents.onlyView')}</Alert>
      )}
      {!onExchange && (
        <Typography>
          <Link component={RouterLink} to={SERVICE_REQUESTS_PATH}>
            {t('dependents.open.all')}
          </Link>
        </Typography>
      )}
    </>,
  );
}
