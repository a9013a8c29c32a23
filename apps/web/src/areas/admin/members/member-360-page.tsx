import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PolicySummary } from '@portal/contracts';
import Alert from '../../../kit/Alert';
import Box from '../../../kit/Box';
import Button from '../../../kit/Button';
import Link from '../../../kit/Link';
import Paper from '../../../kit/Paper';
import Skeleton from '../../../kit/Skeleton';
import Stack from '../../../kit/Stack';
import Typography from '../../../kit/Typography';
import { useAutopay } from '../../../data/autopay/get-autopay';
import { useHouseholdDocuments } from '../../../data/document/get-household-documents';
import { useMemberActivity } from '../../../data/member-search/get-member-activity';
import { usePaymentHistory } from '../../../data/payment/get-payment-history';
import { usePolicy } from '../../../data/policy/get-policy';
import { useScheduledPayments } from '../../../data/scheduled-payment/get-scheduled-payments';
import { useServiceRequests } from '../../../data/service-request/get-service-requests';
import { useWallet } from '../../../data/wallet/get-wallet';
import { loose } from '../../../i18n/loose';
import { useSignedInViewer } from '../../../lib/viewer';
import { Facts } from '../../../ui/facts';
import { useFormatters } from '../../../ui/format';
import { useNotificationText } from '../../../ui/notification-text';

/** One section of the 360: a heading, its content, and the link to the member's full page where staff act. */
function Section({
  id,
  title,
  link,
  children,
}: {
  id: string;
  title: string;
  link?: { to: string; text: string };
  children: ReactNode;
}) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby={id} sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack
        direction="row"
        sx={{ justifyContent: 'space-between', alignItems: 'baseline', flexWrap: 'wrap', gap: 1, mb: 1.5 }}
      >
        <Typography id={id} variant="h6" component="h2">
          {title}
        </Typography>
        {link && (
          <Link component={RouterLink} to={link.to}>
            {link.text}
          </Link>
        )}
      </Stack>
      {children}
    </Paper>
  );
}

function Loading() {
  const { t } = useTranslation();
  return (
    <Box role="status" aria-label={t('app.loading')}>
      <Skeleton variant="rounded" height={56} />
    </Box>
  );
}

/** A short list, or what it means when it is empty. */
function Lines({ items, empty }: { items: ReactNode[]; empty: string }) {
  if (items.length === 0) return <Typography color="text.secondary">{empty}</Typography>;
  return (
    <Box component="ul" sx={{ m: 0, pl: 2.5, display: 'grid', gap: 0.5 }}>
      {items.map((item, index) => (
        <li key={index}>{item}</li>
      ))}
    </Box>
  );
}

/** One policy: status, plan, what is due and paid through, autopay, scheduled and recent payments. */
function PolicyPanel({ summary }: { summary: PolicySummary }) {
  const { t } = useTranslation();
  const lt = loose(t);
  const format = useFormatters();
  const { credentialKey } = useSignedInViewer();
  const detail = usePolicy(credentialKey, summary.id);
  const autopay = useAutopay(credentialKey, summary.id);
  const scheduled = useScheduledPayments(credentialKey, summary.id);
  const payments = usePaymentHistory(credentialKey, summary.id, { page: 1, pageSize: 5 });
  const finance = detail.data?.finance ?? null;
  const active = autopay.data?.items.find((item) => item.state === 'Active') ?? null;
  const headingId = `policy-${summary.id}`;
  const waiting = scheduled.data?.items.filter((item) => item.status === 'Scheduled') ?? [];
  return (
    <Box
      component="article"
      aria-labelledby={headingId}
      sx={{ borderTop: 1, borderColor: 'divider', pt: 2, '&:first-of-type': { borderTop: 0, pt: 0 } }}
    >
      <Typography id={headingId} variant="subtitle1" component="h3" sx={{ fontWeight: 700, mb: 1 }}>
        {t('staff.member360.policyHeading', {
          number: summary.policyNumber,
          line: lt(`staff.line.${summary.lineOfCoverage}`),
        })}
      </Typography>
      <Facts
        columns={4}
        items={[
          {
            label: t('staff.member360.status'),
            value: lt(summary.displayStatus, { defaultValue: summary.enrollmentStatus }),
          },
          { label: t('staff.member360.plan'), value: summary.planName ?? t('staff.member360.none') },
          {
            label: t('staff.member360.amountDue'),
            value: format.money(summary.amountDueCents),
            tone: summary.amountDueCents > 0 ? 'warning' : 'normal',
          },
          {
            label: t('staff.member360.paidThrough'),
            value: detail.isPending
              ? t('app.loading')
              : finance?.paidThroughDate
                ? format.date(finance.paidThroughDate)
                : t('staff.member360.none'),
          },
          {
            label: t('staff.member360.autopay'),
            value: autopay.isPending
              ? t('app.loading')
              : active
                ? t('staff.member360.autopayOn', {
                    method: active.paymentSource
                      ? t('staff.member360.method', {
                          brand: active.paymentSource.brand,
                          digits: active.paymentSource.lastDigits,
                        })
                      : t('staff.member360.none'),
                  })
                : t('staff.member360.autopayOff'),
          },
          {
            label: t('staff.member360.scheduled'),
            value: scheduled.isPending
              ? t('app.loading')
              : waiting.length === 0
                ? t('staff.member360.none')
                : waiting
                    .map((item) =>
                      t('staff.member360.scheduledItem', {
                        amount: format.money(item.paymentAmountCents),
                        date: format.date(item.paymentDate),
                      }),
                    )
                    .join('; '),
          },
        ]}
      />
      <Typography variant="subtitle2" component="h4" sx={{ mt: 2, mb: 0.5 }}>
        {t('staff.member360.recentPayments')}
      </Typography>
      {payments.isPending ? (
        <Loading />
      ) : (
        <Lines
          empty={t('staff.member360.noPayments')}
          items={(payments.data?.items ?? []).map((payment) =>
            t('staff.member360.paymentLine', {
              date: format.date(payment.transactionDate),
              amount: format.money(payment.amountCents),
              status: lt(`payments.status.${payment.transactionStatus}`, {
                defaultValue: payment.transactionStatus,
              }),
              method: payment.methodLastDigits
                ? t('staff.member360.method', {
                    brand: payment.methodBrand ?? '',
                    digits: payment.methodLastDigits,
                  })
                : t('staff.member360.none'),
            }),
          )}
        />
      )}
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mt: 2 }}>
        <Button component={RouterLink} to="/payments/make-payment" variant="outlined" size="small">
          {t('staff.member360.actions.pay')}
        </Button>
        <Button component={RouterLink} to="/payments/autopay" variant="outlined" size="small">
          {t('staff.member360.actions.autopay')}
        </Button>
        <Button component={RouterLink} to="/payments/scheduled-payments" variant="outlined" size="small">
          {t('staff.member360.actions.scheduled')}
        </Button>
        <Button component={RouterLink} to="/payments/payment-history" variant="outlined" size="small">
          {t('staff.member360.actions.history')}
        </Button>
      </Stack>
    </Box>
  );
}

function WalletSection({ referenceId }: { referenceId: string | null }) {
  const { t } = useTranslation();
  const { credentialKey } = useSignedInViewer();
  const wallet = useWallet(credentialKey, referenceId);
  const items = wallet.data
    ? [
        ...wallet.data.creditCards.map((card) =>
          t('staff.member360.card', {
            brand: card.cardType,
            digits: card.last4,
            month: String(card.expirationMonth).padStart(2, '0'),
            year: card.expirationYear,
          }),
        ),
        ...wallet.data.bankAccounts.map((account) =>
          t('staff.member360.bank', { type: account.accountType, digits: account.last3 }),
        ),
      ]
    : [];
  return (
    <Section
      id="m360-wallet"
      title={t('staff.member360.wallet')}
      link={{ to: '/payments/wallet', text: t('staff.member360.openWallet') }}
    >
      {referenceId !== null && wallet.isPending ? (
        <Loading />
      ) : (
        <Lines items={items} empty={t('staff.member360.noWallet')} />
      )}
    </Section>
  );
}

function DocumentsSection({ householdId }: { householdId: string }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const { credentialKey } = useSignedInViewer();
  const invoices = useHouseholdDocuments(credentialKey, householdId, { type: 'invoice', pageSize: 3 });
  const notices = useHouseholdDocuments(credentialKey, householdId, { type: 'notice', pageSize: 3 });
  const line = (kind: 'invoice' | 'notice', date: string) =>
    t('staff.member360.documentLine', {
      kind: t(`staff.member360.documentKind.${kind}`),
      date: format.date(date),
    });
  return (
    <Section
      id="m360-documents"
      title={t('staff.member360.documents')}
      link={{ to: '/documents/invoice', text: t('staff.member360.openDocuments') }}
    >
      {invoices.isPending || notices.isPending ? (
        <Loading />
      ) : invoices.isError || notices.isError ? (
        <Alert severity="warning">{t('staff.member360.unavailable')}</Alert>
      ) : (
        <Lines
          empty={t('staff.member360.noDocuments')}
          items={[
            ...invoices.data.items.map((d) => line('invoice', d.documentDate)),
            ...notices.data.items.map((d) => line('notice', d.documentDate)),
          ]}
        />
      )}
    </Section>
  );
}

function RequestsSection({ householdId }: { householdId: string }) {
  const { t } = useTranslation();
  const lt = loose(t);
  const format = useFormatters();
  const { credentialKey } = useSignedInViewer();
  const requests = useServiceRequests(credentialKey, householdId);
  return (
    <Section
      id="m360-requests"
      title={t('staff.member360.requests')}
      link={{ to: '/admin/service-requests-alt', text: t('staff.member360.openRequests') }}
    >
      {requests.isPending ? (
        <Loading />
      ) : requests.isError ? (
        <Alert severity="warning">{t('staff.member360.unavailable')}</Alert>
      ) : (
        <Lines
          empty={t('staff.member360.noRequests')}
          items={requests.data.items.slice(0, 5).map((request) =>
            t('staff.member360.requestLine', {
              reference: request.referenceNumber,
              type: lt(`serviceRequests.type.${request.type}`, { defaultValue: request.type }),
              status: lt(`serviceRequests.status.${request.status}`, { defaultValue: request.status }),
              date: format.date(request.createdAt.slice(0, 10)),
            }),
          )}
        />
      )}
    </Section>
  );
}

function ActivitySections({ householdId }: { householdId: string }) {
  const { t, i18n } = useTranslation();
  const lt = loose(t);
  const format = useFormatters();
  const { message } = useNotificationText();
  const { credentialKey } = useSignedInViewer();
  const activity = useMemberActivity(credentialKey, householdId);
  const when = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language === 'pt' ? 'pt-BR' : `${i18n.language}-US`, {
      dateStyle: 'medium',
      timeStyle: 'short',
    }).format(new Date(iso));
  const body = (content: (data: NonNullable<typeof activity.data>) => ReactNode) =>
    activity.isPending ? (
      <Loading />
    ) : activity.isError ? (
      <Alert severity="warning">{t('staff.member360.unavailable')}</Alert>
    ) : (
      content(activity.data)
    );
  return (
    <>
      <Section id="m360-notifications" title={t('staff.member360.notifications')}>
        {body((data) => (
          <Lines
            empty={t('staff.member360.noNotifications')}
            items={data.notifications.map(
              (notification) =>
                `${format.date(notification.createdDate.slice(0, 10))}: ${message(notification)}`,
            )}
          />
        ))}
      </Section>
      <Section id="m360-history" title={t('staff.member360.history')}>
        {body((data) => (
          <Lines
            empty={t('staff.member360.noHistory')}
            items={data.contactHistory.map((entry) => {
              const line = t('staff.member360.historyLine', {
                when: when(entry.occurredAt),
                who:
                  entry.actorName ??
                  lt(`staff.role.${entry.actorRole ?? 'unknown'}`, { defaultValue: entry.actorRole ?? '' }),
                role: lt(`staff.role.${entry.actorRole ?? 'unknown'}`, {
                  defaultValue: entry.actorRole ?? '',
                }),
                action: lt(`staff.actionGroup.${entry.action.split('.')[0] ?? 'other'}`, {
                  defaultValue: lt('staff.actionGroup.other'),
                }),
                outcome: lt(`staff.outcome.${entry.outcome}`),
              });
              // Why staff were acting for the member (their acting session's reason; docs/decisions/043).
              return entry.actingReason
                ? t('staff.member360.historyWhy', {
                    line,
                    reason: t(`actingFor.reasons.${entry.actingReason}`),
                  })
                : line;
            })}
          />
        ))}
      </Section>
    </>
  );
}

/**
 * /admin/members/member-360 (issue 13): the member staff opened, on one page — policies (status, amount
 * due, paid-through date, autopay, scheduled and recent payments), wallet (last digits only), documents,
 * service requests, notifications and contact history — each section leading to the member's own page,
 * where staff act for them under the "acting for" banner. Reads only; the existing reads are reused.
 */
export default function Member360Page() {
  const { t } = useTranslation();
  const format = useFormatters();
  const viewer = useSignedInViewer();
  const primary = viewer.policies.filter((policy) => policy.isPrimaryPolicy);
  const household = viewer.household.households[0] ?? null;
  const holder = viewer.policies[0]?.policyHolder ?? null;
  const title = (
    <Typography variant="h4" component="h1">
      {t('staff.member360.title')}
    </Typography>
  );
  if (viewer.actingFor === null || primary.length === 0) {
    return (
      <Stack spacing={3} sx={{ maxWidth: 760 }}>
        {title}
        <Alert severity="info">
          {viewer.actingFor === null
            ? t('staff.member360.noneOpen')
            : t('staff.member360.notFound', { id: viewer.actingFor })}
        </Alert>
        <Box>
          <Button component={RouterLink} to="/admin/members" variant="contained">
            {t('staff.member360.find')}
          </Button>
        </Box>
      </Stack>
    );
  }
  const due = primary.reduce((sum, policy) => sum + policy.amountDueCents, 0);
  return (
    <Stack spacing={3} sx={{ maxWidth: 1100 }}>
      <Box>
        {title}
        <Typography variant="h5" component="p" sx={{ mt: 1 }}>
          {holder ? `${holder.firstName} ${holder.lastName}` : viewer.actingFor}
        </Typography>
        <Typography color="text.secondary">
          {t('staff.member360.summary', {
            count: primary.length,
            policies: format.number(primary.length),
            due: format.money(due),
          })}
        </Typography>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2, mt: 1 }}>
          <Link component={RouterLink} to="/account-overview">
            {t('staff.member360.openOverview')}
          </Link>
          <Link component={RouterLink} to="/admin/members">
            {t('staff.member360.findAnother')}
          </Link>
        </Stack>
      </Box>
      <Section
        id="m360-policies"
        title={t('staff.member360.policies')}
        link={{ to: '/account-overview', text: t('staff.member360.openOverview') }}
      >
        <Stack spacing={2}>
          {primary.map((summary) => (
            <PolicyPanel key={summary.id} summary={summary} />
          ))}
        </Stack>
      </Section>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <WalletSection referenceId={household?.household.walletReferenceId ?? null} />
        {household && <DocumentsSection householdId={household.household.id} />}
        {household && <RequestsSection householdId={household.household.id} />}
        {household && <ActivitySections householdId={household.household.id} />}
      </Box>
      {!household && <Alert severity="info">{t('staff.member360.noHousehold')}</Alert>}
    </Stack>
  );
}
