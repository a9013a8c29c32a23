import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PcpMember, PcpOverview, Provider, ServiceRequest } from '@portal/contracts';
import Alert from '../../../kit/Alert';
import Box from '../../../kit/Box';
import Button from '../../../kit/Button';
import Chip from '../../../kit/Chip';
import Link from '../../../kit/Link';
import Paper from '../../../kit/Paper';
import Stack from '../../../kit/Stack';
import Typography from '../../../kit/Typography';
import { useConfig } from '../../../config/config-context';
import { pcpKey, usePcpOverview } from '../../../data/pcp/get-pcp';
import { usePolicy } from '../../../data/policy/get-policy';
import { serviceRequestsKey, useServiceRequests } from '../../../data/service-request/get-service-requests';
import { loose } from '../../../i18n/loose';
import { useSignedInViewer } from '../../../lib/viewer';
import { PolicySelector, useSelectedPolicy } from '../../../ui/policy-selector';
import { OpenRequestNotice, RequestSentNotice } from '../request-notices';
import { ChooseProviderDialog } from './choose-provider-dialog';
import { ProviderSearch } from './provider-search';
import { useProviderText } from './provider-text';
import { LoadingNotice, LoadFailedNotice } from '../../../ui/notices';

/** One member and their primary care provider: on record, under review, or none yet; and choosing one. */
function MemberPcp({
  member,
  canChoose,
  onChoose,
}: {
  member: PcpMember;
  canChoose: boolean;
  onChoose: (member: PcpMember) => void;
}) {
  const { t } = useTranslation();
  const lt = loose(t);
  const text = useProviderText();
  const headingId = `member-pcp-${member.memberId}`;
  const provider = member.current?.provider;
  return (
    <Paper
      component="li"
      variant="outlined"
      aria-labelledby={headingId}
      sx={{ p: 2, listStyle: 'none', display: 'flex', flexDirection: 'column', gap: 1 }}
    >
      <Box>
        <Typography id={headingId} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {member.firstName} {member.lastName}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {lt(`relationship.${member.relationship}`, { defaultValue: member.relationship })} ·{' '}
          {t('pcpSelect.age', { age: member.age })}
        </Typography>
      </Box>
      {provider ? (
        <Box>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {t('pcpSelect.yourPcp')}
          </Typography>
          <Typography>{provider.person ? text.name(provider.person) : provider.name}</Typography>
          <Typography variant="body2">
            {lt(`pcpSelect.specialty.${provider.specialty}`, { defaultValue: provider.specialty })} ·{' '}
            {provider.practiceName}
          </Typography>
          <Typography variant="body2">{provider.address}</Typography>
          <Link href={`tel:${provider.phone.replace(/[^0-9]/g, '')}`} variant="body2">
            {provider.phone}
          </Link>
        </Box>
      ) : (
        <Typography>{t('pcpSelect.noPcp')}</Typography>
      )}
      {member.pending && (
        <Chip
          color="info"
          variant="outlined"
          sx={{
            alignSelf: 'flex-start',
            height: 'auto',
            '& .kit-chip-label': { whiteSpace: 'normal', py: 0.5 },
          }}
          label={t('pcpSelect.pending', {
            name: member.pending.provider.person
              ? text.name(member.pending.provider.person)
              : member.pending.provider.name,
            reference: member.pending.referenceNumber,
          })}
        />
      )}
      {canChoose && !member.pending && (
        <Box>
          <Button
            variant="outlined"
            onClick={() => {
              onChoose(member);
            }}
          >
            {provider
              ? t('pcpSelect.changeFor', { name: member.firstName })
              : t('pcpSelect.chooseFor', { name: member.firstName })}
          </Button>
        </Box>
      )}
    </Paper>
  );
}

function PcpContent({
  overview,
  homeZip,
  householdId,
}: {
  overview: PcpOverview;
  homeZip: string | null;
  householdId: string | null;
}) {
  const { t } = useTranslation();
  const viewer = useSignedInViewer();
  const searchHeading = useRef<HTMLHeadingElement>(null);
  const top = useRef<HTMLDivElement>(null);
  const [forMember, setForMember] = useState<PcpMember | null>(null);
  const [provider, setProvider] = useState<Provider | null>(null);
  const [sent, setSent] = useState<{ request: ServiceRequest; message: string } | null>(null);
  const allowed = viewer.session.actions.includes('select-pcp');
  const canChoose = allowed && overview.unavailableReason === null;
  // A choice under review (tenants that review PCP changes): it can be cancelled while nobody started on it.
  const open = useServiceRequests(viewer.credentialKey, householdId, {
    policyId: overview.policyId,
    status: 'open',
  });
  const pendingRequest = open.data?.items.find((item) => item.type === 'pcp') ?? null;
  const pendingProvider =
    overview.members.find((member) => member.pending?.requestId === pendingRequest?.id)?.pending?.provider
      .name ?? null;
  const invalidates = () => [
    pcpKey(viewer.credentialKey),
    serviceRequestsKey(viewer.credentialKey),
    ['notifications'],
  ];

  return (
    <>
      <Box ref={top} tabIndex={-1} sx={{ outline: 'none' }}>
        {sent && (
          <RequestSentNotice
            request={sent.request}
            message={sent.message}
            onClose={() => {
              setSent(null);
            }}
          />
        )}
      </Box>
      {overview.unavailableReason === 'not-offered' && (
        <Alert severity="info">
          {t('pcpSelect.notOffered', { plan: overview.planName ?? overview.policyNumber })}
        </Alert>
      )}
      {overview.unavailableReason === 'no-household' && (
        <Alert severity="info">{t('pcpSelect.noHousehold')}</Alert>
      )}
      {overview.unavailableReason === null && !allowed && (
        <Alert severity="info">{t('pcpSelect.notAllowed')}</Alert>
      )}
      {pendingRequest && (
        <OpenRequestNotice
          request={pendingRequest}
          summary={t('pcpSelect.pendingSummary', { name: pendingProvider ?? '' })}
          invalidates={invalidates}
        />
      )}
      <Box component="section" aria-labelledby="members-pcp-heading">
        <Typography id="members-pcp-heading" variant="h5" component="h2" sx={{ mb: 2 }}>
          {t('pcpSelect.membersHeading')}
        </Typography>
        {overview.members.length === 0 ? (
          <Typography>{t('pcpSelect.noMembers')}</Typography>
        ) : (
          <Box
            component="ul"
            aria-labelledby="members-pcp-heading"
            sx={{
              m: 0,
              p: 0,
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' },
            }}
          >
            {overview.members.map((member) => (
              <MemberPcp
                key={member.memberId}
                member={member}
                canChoose={canChoose}
                onChoose={(chosen) => {
                  setForMember(chosen);
                  searchHeading.current?.focus();
                  searchHeading.current?.scrollIntoView({ block: 'start' });
                }}
              />
            ))}
          </Box>
        )}
      </Box>
      {overview.unavailableReason === null && (
        <ProviderSearch
          network={overview.network?.id ?? null}
          networkName={overview.network?.name ?? null}
          homeZip={homeZip}
          headingRef={searchHeading}
          heading={
            forMember
              ? t('pcpSelect.searchHeadingFor', { name: forMember.firstName })
              : t('pcpSelect.searchHeading')
          }
          canChoose={canChoose}
          onChoose={setProvider}
        />
      )}
      {provider && (
        <ChooseProviderDialog
          overview={overview}
          provider={provider}
          forMember={forMember?.memberId ?? null}
          onClose={() => {
            setProvider(null);
          }}
          onSent={(request) => {
            setProvider(null);
            setForMember(null);
            const names = overview.members
              .filter((member) => request.memberIds.includes(member.memberId))
              .map((member) => member.firstName);
            setSent({
              request,
              message: t(request.status === 'Completed' ? 'pcpSelect.sentDone' : 'pcpSelect.sentReview', {
                names: names.join(', '),
              }),
            });
            top.current?.focus();
          }}
        />
      )}
    </>
  );
}

/**
 * SPEC §2 /admin/pcp-select (issue 12): each member of the policy and their primary care provider, and the
 * provider directory to choose one from — by name, specialty, language and distance from a ZIP code, in the
 * plan's network, a page at a time. A choice is a `pcp` service request, applied at once or reviewed as the
 * tenant configures. SPEC §4 decides whether the menu offers the page; SPEC §2 clears the header logo's link
 * here (app/navigation.ts).
 */
export default function PcpSelectPage() {
  const { t } = useTranslation();
  const viewer = useSignedInViewer();
  const whitelist = useConfig().account.pcp.planTypeWhitelist.map((type) => type.toUpperCase());
  const medical = viewer.policies.filter((policy) => policy.lineOfCoverage === 'Medical');
  const { policy, choices } = useSelectedPolicy(medical, (candidate) =>
    whitelist.includes((candidate.planType ?? '').toUpperCase()),
  );
  const overview = usePcpOverview(viewer.credentialKey, policy?.id ?? null);
  const detail = usePolicy(viewer.credentialKey, policy?.id ?? '');

  return (
    <Stack spacing={3} sx={{ maxWidth: 1000 }}>
      <Stack spacing={1}>
        <Typography variant="h4" component="h1">
          {t('pcpSelect.heading')}
        </Typography>
        <Typography>{t('pcpSelect.intro')}</Typography>
      </Stack>
      {!policy ? (
        <Alert severity="info">
          {viewer.session.kind === 'staff' && viewer.actingFor === null
            ? t('overview.findMember.body')
            : t('pcpSelect.noPolicy')}
        </Alert>
      ) : (
        <>
          <PolicySelector choices={choices} selected={policy} />
          {(overview.isPending || detail.isPending) && <LoadingNotice label={t('pcpSelect.loading')} />}
          {overview.isError && !overview.data && (
            <LoadFailedNotice
              message={t('pcpSelect.loadError')}
              retry={() => {
                void overview.refetch();
              }}
            />
          )}
          {overview.data && !detail.isPending && (
            <PcpContent
              key={policy.id}
              overview={overview.data}
              householdId={policy.householdId}
              homeZip={detail.data?.residentialAddress?.zipCode.slice(0, 5) ?? null}
            />
          )}
        </>
      )}
    </Stack>
  );
}
