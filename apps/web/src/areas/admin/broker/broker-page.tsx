import { useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  BrokerSearchQuerySchema,
  type BrokerSearchQuery,
  type PolicyDetail,
  type ServiceRequest,
} from '@portal/contracts';
import Alert from '../../../kit/Alert';
import Box from '../../../kit/Box';
import Button from '../../../kit/Button';
import Dialog from '../../../kit/Dialog';
import DialogActions from '../../../kit/DialogActions';
import DialogContent from '../../../kit/DialogContent';
import DialogTitle from '../../../kit/DialogTitle';
import Link from '../../../kit/Link';
import Paper from '../../../kit/Paper';
import Stack from '../../../kit/Stack';
import Typography from '../../../kit/Typography';
import { changeBroker } from '../../../data/broker/broker-commands';
import { useBrokerSearch } from '../../../data/broker/search-brokers';
import { usePolicy } from '../../../data/policy/get-policy';
import { serviceRequestsKey, useServiceRequests } from '../../../data/service-request/get-service-requests';
import { useSignedInViewer } from '../../../lib/viewer';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { CheckboxInput, PortalForm, TextInput, useCommand, zodResolver } from '../../../ui/form';
import { PolicySelector, usePolicyLabel, useSelectedPolicy } from '../../../ui/policy-selector';
import { useLayout } from '../../../ui/use-layout';
import { OpenRequestNotice, RequestSentNotice } from '../request-notices';
import { PROBLEMS, useProblemText } from '../../../ui/problems';
import { LoadingNotice, LoadFailedNotice } from '../../../ui/notices';

type Broker = NonNullable<PolicyDetail['broker']>;

/** The search form: names and NPN as the contract takes them, at least one given. */
const SearchFormSchema = z
  .object({
    brokerFirstName: z.string(),
    brokerLastName: z.string(),
    brokerNpn: z.string(),
  })
  .superRefine((values, context) => {
    const query = BrokerSearchQuerySchema.safeParse(queryOf(values));
    if (query.success) return;
    for (const issue of query.error.issues) {
      const field =
        issue.path[0] === 'firstName'
          ? 'brokerFirstName'
          : issue.path[0] === 'lastName'
            ? 'brokerLastName'
            : issue.path[0] === 'npn'
              ? 'brokerNpn'
              : 'brokerLastName';
      context.addIssue({
        code: 'custom',
        path: [field],
        message: issue.message,
        params:
          issue.path.length === 0
            ? { code: 'broker-search-empty' }
            : { code: field === 'brokerNpn' ? 'npn-format' : 'name-characters' },
      });
    }
  });
type SearchForm = z.infer<typeof SearchFormSchema>;

function queryOf(values: SearchForm): BrokerSearchQuery {
  return {
    ...(values.brokerFirstName.trim() ? { firstName: values.brokerFirstName.trim() } : {}),
    ...(values.brokerLastName.trim() ? { lastName: values.brokerLastName.trim() } : {}),
    ...(values.brokerNpn.trim() ? { npn: values.brokerNpn.trim() } : {}),
  };
}

/** A request detail that is text (a name), or nothing. */
const detailText = (value: unknown): string => (typeof value === 'string' ? value : '');

function useChangeError() {
  const say = useProblemText(PROBLEMS.broker);
  return (error: unknown): string | null => (error ? say(error) : null);
}

function BrokerFacts({ broker }: { broker: Broker }) {
  const { t } = useTranslation();
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' },
        columnGap: 2,
        rowGap: 0.5,
      }}
    >
      <Box component="dt" sx={{ fontWeight: 600 }}>
        {t('brokerChange.name')}
      </Box>
      <Box component="dd" sx={{ m: 0 }}>
        {broker.firstName} {broker.lastName}
      </Box>
      <Box component="dt" sx={{ fontWeight: 600 }}>
        {t('brokerChange.agency')}
      </Box>
      <Box component="dd" sx={{ m: 0 }}>
        {broker.agencyName ?? t('brokerChange.noAgency')}
      </Box>
      <Box component="dt" sx={{ fontWeight: 600 }}>
        {t('brokerChange.npn')}
      </Box>
      <Box component="dd" sx={{ m: 0 }}>
        {broker.npn}
      </Box>
      {broker.phone && (
        <>
          <Box component="dt" sx={{ fontWeight: 600 }}>
            {t('brokerChange.phone')}
          </Box>
          <Box component="dd" sx={{ m: 0 }}>
            <Link href={`tel:${broker.phone.replace(/[^0-9]/g, '')}`}>{broker.phone}</Link>
          </Box>
        </>
      )}
      {broker.email && (
        <>
          <Box component="dt" sx={{ fontWeight: 600 }}>
            {t('brokerChange.email')}
          </Box>
          <Box component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            <Link href={`mailto:${broker.email}`}>{broker.email}</Link>
          </Box>
        </>
      )}
    </Box>
  );
}

/** The member authorises the new broker (as a broker-of-record letter asks), then the request is sent. */
function AppointDialog({
  policyId,
  policyLabel,
  broker,
  onClose,
  onSent,
}: {
  policyId: string;
  policyLabel: string;
  broker: Broker;
  onClose: () => void;
  onSent: (request: ServiceRequest) => void;
}) {
  const { t } = useTranslation();
  const { narrow } = useLayout();
  const viewer = useSignedInViewer();
  const describe = useChangeError();
  const schema = useMemo(
    () =>
      z.object({
        brokerAuthorize: z.boolean().refine((value) => value, {
          message: 'the member must authorise',
          params: { code: 'broker-authorization-required' },
        }),
      }),
    [],
  );
  const form = useForm<{ brokerAuthorize: boolean }>({
    resolver: zodResolver(schema),
    defaultValues: { brokerAuthorize: false },
  });
  const command = useCommand({
    send: (_values: { brokerAuthorize: boolean }, key: string) =>
      changeBroker(policyId, { change: 'change', brokerId: broker.id, authorize: true }, key),
    invalidates: () => [serviceRequestsKey(viewer.credentialKey), ['notifications']],
    form,
  });
  const name = `${broker.firstName} ${broker.lastName}`;
  return (
    <Dialog
      open
      onClose={command.pending ? undefined : onClose}
      fullScreen={narrow}
      fullWidth
      maxWidth="sm"
      aria-labelledby="appoint-broker-title"
    >
      <PortalForm
        form={form}
        labelledBy="appoint-broker-title"
        error={command.error}
        describeError={describe}
        onSubmit={(values) => {
          void command.submit(values).then((done) => {
            if (done) onSent(done);
          });
        }}
      >
        <DialogTitle id="appoint-broker-title">{t('brokerChange.appoint.title', { name })}</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <BrokerFacts broker={broker} />
            <Typography>{t('brokerChange.appoint.body')}</Typography>
            <CheckboxInput
              name="brokerAuthorize"
              field="brokerAuthorize"
              required
              label={t('brokerChange.appoint.authorize', { name, npn: broker.npn, policy: policyLabel })}
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ flexWrap: 'wrap', gap: 1, px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={command.pending}>
            {t('brokerChange.appoint.keep')}
          </Button>
          <Button type="submit" variant="contained" disabled={command.pending}>
            {t('brokerChange.appoint.send')}
          </Button>
        </DialogActions>
      </PortalForm>
    </Dialog>
  );
}

/** Search the broker directory by first name, last name or NPN (SPEC §7 `GET v1/Broker/search`). */
function BrokerSearch({
  current,
  canChange,
  onChoose,
}: {
  current: Broker | null;
  canChange: boolean;
  onChoose: (broker: Broker) => void;
}) {
  const { t } = useTranslation();
  const viewer = useSignedInViewer();
  const [query, setQuery] = useState<BrokerSearchQuery | null>(null);
  const resolver = useMemo(() => zodResolver(SearchFormSchema), []);
  const form = useForm<SearchForm>({
    resolver,
    defaultValues: { brokerFirstName: '', brokerLastName: '', brokerNpn: '' },
  });
  // SPEC §8: a failed broker search feeds the global error (the query's default); the form keeps what was typed.
  const found = useBrokerSearch(viewer.credentialKey, query);
  const results = found.data?.items ?? [];
  return (
    <Box component="section" aria-labelledby="broker-search-heading">
      <Typography id="broker-search-heading" variant="h5" component="h2" sx={{ mb: 1 }}>
        {t('brokerChange.searchHeading')}
      </Typography>
      <Typography sx={{ mb: 2 }}>{t('brokerChange.searchIntro')}</Typography>
      <PortalForm
        form={form}
        labelledBy="broker-search-heading"
        onSubmit={(values) => {
          setQuery(queryOf(values));
        }}
      >
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, minmax(0, 1fr))' },
            alignItems: 'start',
          }}
        >
          <TextInput name="brokerFirstName" field="brokerFirstName" maxLength={50} autoComplete="off" />
          <TextInput name="brokerLastName" field="brokerLastName" maxLength={50} autoComplete="off" />
          <TextInput
            name="brokerNpn"
            field="brokerNpn"
            maxLength={10}
            inputMode="numeric"
            autoComplete="off"
          />
        </Box>
        <Button type="submit" variant="contained" sx={{ mt: 2 }}>
          {t('brokerChange.search')}
        </Button>
      </PortalForm>
      <Box sx={{ mt: 3 }}>
        {query && found.isPending && <LoadingNotice label={t('brokerChange.searching')} />}
        <Typography aria-live="polite" aria-atomic="true" sx={{ mb: 2 }}>
          {found.data
            ? results.length >= 50
              ? t('brokerChange.foundMany')
              : t('brokerChange.found', { count: results.length })
            : ''}
        </Typography>
        {results.length > 0 && (
          <Box
            component="ul"
            aria-label={t('brokerChange.resultsLabel')}
            sx={{
              m: 0,
              p: 0,
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' },
            }}
          >
            {results.map((broker) => {
              const isCurrent = current?.id === broker.id;
              const headingId = `broker-${broker.id}`;
              return (
                <Paper
                  key={broker.id}
                  component="li"
                  variant="outlined"
                  aria-labelledby={headingId}
                  sx={{ p: 2, listStyle: 'none', display: 'flex', flexDirection: 'column', gap: 1 }}
                >
                  <Typography id={headingId} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
                    {broker.firstName} {broker.lastName}
                  </Typography>
                  <Typography variant="body2">{broker.agencyName ?? t('brokerChange.noAgency')}</Typography>
                  <Typography variant="body2">{t('brokerChange.npnValue', { npn: broker.npn })}</Typography>
                  {broker.phone && (
                    <Link variant="body2" href={`tel:${broker.phone.replace(/[^0-9]/g, '')}`}>
                      {broker.phone}
                    </Link>
                  )}
                  {isCurrent ? (
                    <Typography variant="body2" sx={{ fontWeight: 600 }}>
                      {t('brokerChange.isCurrent')}
                    </Typography>
                  ) : (
                    canChange && (
                      <Box>
                        <Button
                          variant="outlined"
                          onClick={() => {
                            onChoose(broker);
                          }}
                        >
                          {t('brokerChange.chooseBroker', { name: `${broker.firstName} ${broker.lastName}` })}
                        </Button>
                      </Box>
                    )
                  )}
                </Paper>
              );
            })}
          </Box>
        )}
      </Box>
    </Box>
  );
}

/**
 * SPEC §2 /admin/policy-selection/broker (issue 12): the policy's broker of record (name, agency, NPN, phone),
 * asking to remove them (after confirming), or searching the directory by first name, last name or NPN and
 * asking to appoint another (with the member's authorisation) — a `change-broker` request staff review.
 */
export default function BrokerPage() {
  const { t } = useTranslation();
  const viewer = useSignedInViewer();
  const policyLabel = usePolicyLabel();
  const { policy, choices } = useSelectedPolicy(viewer.policies, (candidate) => candidate.active);
  const detail = usePolicy(viewer.credentialKey, policy?.id ?? '');
  const open = useServiceRequests(viewer.credentialKey, policy?.householdId ?? null, {
    policyId: policy?.id,
    status: 'open',
  });
  const openRequest = open.data?.items.find((item) => item.type === 'change-broker') ?? null;
  const [appointing, setAppointing] = useState<Broker | null>(null);
  const [removing, setRemoving] = useState(false);
  const [sent, setSent] = useState<ServiceRequest | null>(null);
  const top = useRef<HTMLDivElement>(null);
  const describe = useChangeError();
  const invalidates = () => [serviceRequestsKey(viewer.credentialKey), ['notifications']];
  const remove = useCommand({
    send: (policyId: string, key: string) => changeBroker(policyId, { change: 'remove' }, key),
    invalidates,
  });
  const allowed = viewer.session.actions.includes('change-broker');
  const broker = detail.data?.broker ?? null;
  const canChange = allowed && !openRequest && !open.isPending && policy?.householdId !== null;
  const onSent = (request: ServiceRequest) => {
    setSent(request);
    top.current?.focus();
  };

  return (
    <Stack spacing={3} sx={{ maxWidth: 960 }}>
      <Stack spacing={1}>
        <Typography variant="h4" component="h1">
          {t('brokerChange.heading')}
        </Typography>
        <Typography>{t('brokerChange.intro')}</Typography>
      </Stack>
      {!policy ? (
        <Alert severity="info">
          {viewer.session.kind === 'staff' && viewer.actingFor === null
            ? t('overview.findMember.body')
            : t('brokerChange.noPolicy')}
        </Alert>
      ) : (
        <>
          <PolicySelector choices={choices} selected={policy} />
          <Box ref={top} tabIndex={-1} sx={{ outline: 'none' }}>
            {sent && (
              <RequestSentNotice
                request={sent}
                message={t(
                  sent.details.change === 'remove' ? 'brokerChange.sentRemove' : 'brokerChange.sentChange',
                )}
                onClose={() => {
                  setSent(null);
                }}
              />
            )}
          </Box>
          {detail.isPending && <LoadingNotice label={t('brokerChange.loading')} />}
          {detail.isError && !detail.data && (
            <LoadFailedNotice
              message={t('brokerChange.loadError')}
              retry={() => {
                void detail.refetch();
              }}
            />
          )}
          {detail.data && (
            <>
              {openRequest && (
                <OpenRequestNotice
                  request={openRequest}
                  summary={
                    openRequest.details.change === 'remove'
                      ? t('brokerChange.openRemove', {
                          name: detailText(openRequest.details.currentBrokerName),
                        })
                      : t('brokerChange.openChange', { name: detailText(openRequest.details.newBrokerName) })
                  }
                  invalidates={invalidates}
                />
              )}
              {!allowed && <Alert severity="info">{t('brokerChange.notAllowed')}</Alert>}
              {policy.householdId === null && <Alert severity="info">{t('brokerChange.noHousehold')}</Alert>}
              <Paper
                component="section"
                variant="outlined"
                aria-labelledby="broker-of-record-heading"
                sx={{ p: { xs: 2, sm: 3 } }}
              >
                <Typography id="broker-of-record-heading" variant="h5" component="h2" sx={{ mb: 2 }}>
                  {t('brokerChange.currentHeading')}
                </Typography>
                {broker ? <BrokerFacts broker={broker} /> : <Typography>{t('brokerChange.none')}</Typography>}
                {broker && canChange && (
                  <Button
                    variant="outlined"
                    color="error"
                    sx={{ mt: 2 }}
                    onClick={() => {
                      remove.reset();
                      setRemoving(true);
                    }}
                  >
                    {t('brokerChange.remove')}
                  </Button>
                )}
              </Paper>
              {canChange && <BrokerSearch current={broker} canChange={canChange} onChoose={setAppointing} />}
            </>
          )}
          {appointing && (
            <AppointDialog
              policyId={policy.id}
              policyLabel={policyLabel(policy)}
              broker={appointing}
              onClose={() => {
                setAppointing(null);
              }}
              onSent={(request) => {
                setAppointing(null);
                onSent(request);
              }}
            />
          )}
          {removing && broker && (
            <ConfirmDialog
              id="remove-broker"
              title={t('brokerChange.removeTitle', { name: `${broker.firstName} ${broker.lastName}` })}
              body={t('brokerChange.removeBody', { policy: policyLabel(policy) })}
              keepLabel={t('brokerChange.removeKeep')}
              confirmLabel={t('brokerChange.removeConfirm')}
              busy={remove.pending}
              error={remove.error ? describe(remove.error) : null}
              onKeep={() => {
                setRemoving(false);
              }}
              onConfirm={() => {
                void remove.submit(policy.id).then((done) => {
                  if (!done) return;
                  setRemoving(false);
                  onSent(done);
                });
              }}
            />
          )}
        </>
      )}
    </Stack>
  );
}
