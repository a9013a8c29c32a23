import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type {
  MemberSearchKind,
  MemberSearchQuery,
  MemberSearchRequest,
  MemberSearchResult,
} from '@portal/contracts';
import Alert from '../../../kit/Alert';
import Box from '../../../kit/Box';
import Button from '../../../kit/Button';
import Chip from '../../../kit/Chip';
import Pagination from '../../../kit/Pagination';
import Paper from '../../../kit/Paper';
import Skeleton from '../../../kit/Skeleton';
import Stack from '../../../kit/Stack';
import Typography from '../../../kit/Typography';
import { useMemberSearch } from '../../../data/member-search/search-members';
import { loose } from '../../../i18n/loose';
import { useSignedInViewer } from '../../../lib/viewer';
import { contractResolver, DateInput, PortalForm, RadioInput, TextInput } from '../../../ui/form';
import { useFormatters } from '../../../ui/format';
import { ActForDialog, actsFor, type ActForTarget } from './act-for-dialog';
import { MEMBER_360_PATH } from './open-member';

const PAGE_SIZE = 10;
const KINDS: readonly MemberSearchKind[] = ['nameDob', 'policyNumber', 'exchangeId', 'phone', 'email'];

const EMPTY: MemberSearchRequest = {
  kind: 'nameDob',
  exchangeSubscriberId: '',
  policyNumber: '',
  lastName: '',
  firstName: '',
  dateOfBirth: '',
  phone: '',
  email: '',
  page: 1,
  pageSize: PAGE_SIZE,
};

/** Only the fields of the kind of search chosen are sent (the others may hold what was typed before). */
function criteriaOf(values: MemberSearchRequest): MemberSearchQuery {
  const base = { kind: values.kind, page: 1, pageSize: PAGE_SIZE };
  switch (values.kind) {
    case 'exchangeId':
      return { ...base, exchangeSubscriberId: values.exchangeSubscriberId?.trim() ?? '' };
    case 'policyNumber':
      return { ...base, policyNumber: values.policyNumber?.trim() ?? '' };
    case 'nameDob':
      return {
        ...base,
        lastName: values.lastName?.trim() ?? '',
        firstName: values.firstName?.trim() ?? '',
        dateOfBirth: values.dateOfBirth ?? '',
      };
    case 'phone':
      return { ...base, phone: values.phone?.trim() ?? '' };
    case 'email':
      return { ...base, email: values.email?.trim() ?? '' };
  }
}

/** The fields one kind of search needs. */
function KindFields({ kind }: { kind: MemberSearchKind }) {
  const { t } = useTranslation();
  switch (kind) {
    case 'exchangeId':
      return (
        <TextInput
          name="exchangeSubscriberId"
          field="exchangeSubscriberId"
          required
          maxLength={30}
          autoComplete="off"
        />
      );
    case 'policyNumber':
      return (
        <TextInput name="policyNumber" field="policyNumber" required maxLength={30} autoComplete="off" />
      );
    case 'nameDob':
      return (
        <Stack spacing={2.5} direction={{ xs: 'column', md: 'row' }}>
          <TextInput name="lastName" field="lastName" required maxLength={60} autoComplete="off" />
          <TextInput
            name="firstName"
            field="firstName"
            maxLength={60}
            autoComplete="off"
            help={t('staff.find.firstNameHelp')}
          />
          <DateInput name="dateOfBirth" field="dateOfBirth" required autoComplete="off" />
        </Stack>
      );
    case 'phone':
      return (
        <TextInput
          name="phone"
          field="phone"
          type="tel"
          inputMode="tel"
          required
          maxLength={25}
          autoComplete="off"
          help={t('staff.find.phoneHelp')}
        />
      );
    case 'email':
      return (
        <TextInput
          name="email"
          field="email"
          type="email"
          inputMode="email"
          required
          maxLength={254}
          autoComplete="off"
        />
      );
  }
}

/**
 * One member found: name, date of birth, policies with their status, and the button that acts for them
 * — after staff say why (docs/decisions/043) — or, when they already act for them, opens their 360.
 */
function ResultCard({ member }: { member: MemberSearchResult }) {
  const { t } = useTranslation();
  const lt = loose(t);
  const format = useFormatters();
  const navigate = useNavigate();
  const viewer = useSignedInViewer();
  const [choosing, setChoosing] = useState(false);
  const name = `${member.firstName} ${member.lastName}`;
  const first = member.policies[0];
  const target: ActForTarget | null = member.householdId
    ? { householdId: member.householdId, memberId: member.memberId, name }
    : first
      ? { policyId: first.id, memberId: member.memberId, name }
      : null;
  const already = target !== null && actsFor(viewer.actingSession, target);
  const headingId = `member-${member.memberId}`;
  return (
    <Paper
      component="li"
      variant="outlined"
      aria-labelledby={headingId}
      sx={{ p: { xs: 2, sm: 2.5 }, listStyle: 'none' }}
    >
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-start' } }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Typography id={headingId} variant="h6" component="h3">
            {name}
          </Typography>
          <Typography>
            {t('staff.find.dob', { date: format.date(member.dateOfBirth) })}
            {' · '}
            {member.subscriber ? t('staff.find.subscriber') : t('staff.find.dependent')}
          </Typography>
          {member.policies.length === 0 ? (
            <Typography color="text.secondary">{t('staff.find.noPolicies')}</Typography>
          ) : (
            <Box component="ul" sx={{ m: 0, mt: 1, p: 0, listStyle: 'none', display: 'grid', gap: 0.5 }}>
              {member.policies.map((policy) => (
                <Box
                  component="li"
                  key={policy.id}
                  sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}
                >
                  <span>
                    {t('staff.find.policy', {
                      number: policy.policyNumber,
                      line: lt(`staff.line.${policy.lineOfCoverage}`),
                    })}
                  </span>
                  <Chip
                    size="small"
                    variant="outlined"
                    label={lt(policy.displayStatus, { defaultValue: policy.enrollmentStatus })}
                  />
                  {policy.exchangeSubscriberId && (
                    <span>{t('staff.find.exchangeId', { id: policy.exchangeSubscriberId })}</span>
                  )}
                  {policy.offExchange && <span>{t('staff.find.offExchange')}</span>}
                </Box>
              ))}
            </Box>
          )}
        </Box>
        {target && (
          <Button
            variant="contained"
            sx={{ flexShrink: 0, alignSelf: { xs: 'flex-start', sm: 'center' } }}
            aria-label={already ? t('staff.find.openNamed', { name }) : t('staff.find.actForNamed', { name })}
            onClick={() => {
              if (already) void navigate(MEMBER_360_PATH);
              else setChoosing(true);
            }}
          >
            {already ? t('staff.find.open') : t('staff.find.actFor')}
          </Button>
        )}
      </Stack>
      {choosing && target && (
        <ActForDialog
          target={target}
          onClose={() => {
            setChoosing(false);
          }}
          onStarted={() => {
            setChoosing(false);
            void navigate(MEMBER_360_PATH);
          }}
        />
      )}
    </Paper>
  );
}

/**
 * Each visit of the page starts afresh — a header search while on it included (its own navigation, the
 * same ID searched again too).
 */
export default function FindMemberRoute() {
  return <FindMemberPage key={useLocation().key} />;
}

/**
 * /admin/members (issue 13): staff find a member by name and date of birth, policy number, Exchange
 * Subscriber ID, phone or e-mail; the results a page at a time, each opening the member (member 360,
 * under the "acting for" banner). Every search is audited by the server.
 */
function FindMemberPage() {
  const { t } = useTranslation();
  const format = useFormatters();
  const viewer = useSignedInViewer();
  const resolver = useMemo(() => contractResolver((c) => c.MemberSearchRequestSchema), []);
  // Staff's header search (SPEC §2 by Exchange Subscriber ID) arrives here: the search runs at once, and
  // staff act for the member found after choosing them and a reason (docs/decisions/043).
  const fromHeader = (useLocation().state as { exchangeSubscriberId?: unknown } | null)?.exchangeSubscriberId;
  const headerId = typeof fromHeader === 'string' && fromHeader.trim() !== '' ? fromHeader.trim() : null;
  const form = useForm<MemberSearchRequest>({
    resolver,
    defaultValues: headerId ? { ...EMPTY, kind: 'exchangeId', exchangeSubscriberId: headerId } : EMPTY,
  });
  const kind = useWatch({ control: form.control, name: 'kind' });
  const [query, setQuery] = useState<MemberSearchQuery | null>(
    headerId ? { kind: 'exchangeId', exchangeSubscriberId: headerId, page: 1, pageSize: PAGE_SIZE } : null,
  );
  const [searchParams] = useSearchParams();
  const actingEnded = searchParams.get('notice') === 'acting-ended';
  const results = useMemberSearch(viewer.credentialKey, query);
  const heading = useRef<HTMLHeadingElement>(null);
  const data = results.data;
  // A new search or page moves focus to the results, whose heading says how many were found.
  useEffect(() => {
    if (query && data && !results.isPlaceholderData) heading.current?.focus();
  }, [query, data, results.isPlaceholderData]);
  const kinds = KINDS.map((value) => ({ value, label: t(`staff.find.kind.${value}`) }));
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  return (
    <Stack spacing={3} sx={{ maxWidth: 960 }}>
      <Box>
        <Typography variant="h4" component="h1" sx={{ mb: 1 }}>
          {t('staff.find.title')}
        </Typography>
        <Typography>{t('staff.find.intro')}</Typography>
      </Box>
      {actingEnded && (
        <Alert severity="info" role="status">
          {t('actingFor.ended')}
        </Alert>
      )}
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <PortalForm
          form={form}
          labelledBy="find-member-form"
          onSubmit={(values) => {
            setQuery(criteriaOf(values));
          }}
        >
          <Typography id="find-member-form" variant="h6" component="h2" sx={{ mb: 2 }}>
            {t('staff.find.formTitle')}
          </Typography>
          <Stack spacing={2.5}>
            <RadioInput name="kind" field="searchKind" options={kinds} row />
            <KindFields kind={kind} />
            <Box>
              <Button type="submit" variant="contained" size="large" disabled={results.isFetching}>
                {t('staff.find.search')}
              </Button>
            </Box>
          </Stack>
        </PortalForm>
      </Paper>
      {query && (
        <Box component="section" aria-labelledby="find-member-results">
          <Typography
            id="find-member-results"
            ref={heading}
            tabIndex={-1}
            variant="h5"
            component="h2"
            sx={{ mb: 2, outline: 'none' }}
          >
            {data
              ? t('staff.find.found', { count: data.total, total: format.number(data.total) })
              : t('staff.find.results')}
          </Typography>
          {results.isError && !data ? (
            <Alert severity="error">{t('staff.find.failed')}</Alert>
          ) : !data ? (
            <Box role="status" aria-label={t('app.loading')}>
              <Skeleton variant="rounded" height={120} />
            </Box>
          ) : data.total === 0 ? (
            <Alert severity="info">{t('staff.find.none')}</Alert>
          ) : (
            <>
              <Box component="ul" sx={{ m: 0, p: 0, display: 'grid', gap: 1.5 }}>
                {data.items.map((member) => (
                  <ResultCard key={member.memberId} member={member} />
                ))}
              </Box>
              {pages > 1 && (
                <Box
                  component="nav"
                  aria-label={t('staff.find.pages')}
                  sx={{ mt: 2, display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}
                >
                  <Typography variant="body2">
                    {t('documents.pagination.range', {
                      from: format.number((data.page - 1) * data.pageSize + 1),
                      to: format.number(Math.min(data.total, data.page * data.pageSize)),
                      total: format.number(data.total),
                    })}
                  </Typography>
                  <Pagination
                    count={pages}
                    page={data.page}
                    onChange={(_event, next) => {
                      setQuery({ ...query, page: next });
                    }}
                    getItemAriaLabel={(type, item) =>
                      type === 'previous'
                        ? t('documents.pagination.previous')
                        : type === 'next'
                          ? t('documents.pagination.next')
                          : t('staff.find.pageN', { page: item ?? '' })
                    }
                  />
                </Box>
              )}
            </>
          )}
        </Box>
      )}
    </Stack>
  );
}
