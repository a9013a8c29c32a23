import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { PlanChangeEventForm, PlanChoices, PlanOption, ServiceRequest } from '@portal/contracts';
import { PLAN_CHANGE_EVENTS, planChangeEventWindow, type CalendarDate } from '@portal/domain';
import OpenInNew from '@mui/icons-material/OpenInNew';
import Alert from '../../../kit/Alert';
import Box from '../../../kit/Box';
import Button from '../../../kit/Button';
import Chip from '../../../kit/Chip';
import Dialog from '../../../kit/Dialog';
import DialogActions from '../../../kit/DialogActions';
import DialogContent from '../../../kit/DialogContent';
import DialogTitle from '../../../kit/DialogTitle';
import Link from '../../../kit/Link';
import Paper from '../../../kit/Paper';
import Stack from '../../../kit/Stack';
import Typography from '../../../kit/Typography';
import { useConfig } from '../../../config/config-context';
import { requestPlanChange } from '../../../data/policy-coverage/coverage-commands';
import { usePlanChoices } from '../../../data/policy-coverage/get-policy-coverage';
import { loose } from '../../../i18n/loose';
import { useSignedInViewer } from '../../../lib/viewer';
import { contractResolver, DateInput, PortalForm, SelectInput, useCommand } from '../../../ui/form';
import { useFormatters } from '../../../ui/format';
import { NewTabHint } from '../../../ui/new-tab-hint';
import { PolicySelector } from '../../../ui/policy-selector';
import { useLayout } from '../../../ui/use-layout';
import {
  CoveragePageFrame,
  ExchangeNotice,
  NoPolicy,
  OpenRequest,
  RequestSent,
  detailText,
  useCoverageInvalidation,
  useCoveragePolicy,
  useOpenRequest,
} from '../coverage-details/coverage-shared';
import { useCoverageError } from '../coverage-details/reason-fields';
import { LoadingNotice, LoadFailedNotice } from '../../../ui/notices';

interface Chosen {
  plan: PlanOption;
  renewal: boolean;
  effectiveDate: CalendarDate;
}

/** "$42.00 more a month than now" / "$12.00 less" / "the same". */
function useDifference() {
  const { t } = useTranslation();
  const format = useFormatters();
  return (amount: number | null, current: number | null): string | null => {
    if (amount === null || current === null) return null;
    if (amount === current) return t('changePlan.same');
    return amount > current
      ? t('changePlan.more', { amount: format.money(amount - current) })
      : t('changePlan.less', { amount: format.money(current - amount) });
  };
}

/**
 * One plan beside the others: what the member would pay (after the tax credit they get now, when their
 * role sees it), the premium, deductible, out-of-pocket maximum, drugs, metal level, plan type and the SBC.
 */
function PlanCard({
  plan,
  current,
  isCurrent,
  withCredit,
  action,
}: {
  plan: PlanOption;
  current: PlanOption | null;
  isCurrent: boolean;
  withCredit: boolean;
  action: React.ReactNode;
}) {
  const { t } = useTranslation();
  const lt = loose(t);
  const format = useFormatters();
  const difference = useDifference();
  const headingId = `plan-${plan.planId}${isCurrent ? '-current' : ''}`;
  // With a tax credit, the headline is what the member pays after it (and the premium is a row);
  // without one (an employer plan, no APTC), the premium itself.
  const afterCredit = withCredit && plan.premiumAfterTaxCreditCents !== null;
  const pays = afterCredit ? plan.premiumAfterTaxCreditCents : plan.premiumCents;
  const currentPays = current
    ? afterCredit
      ? current.premiumAfterTaxCreditCents
      : current.premiumCents
    : null;
  const rows: { label: string; value: React.ReactNode; detail?: string | null }[] = [
    ...(afterCredit && plan.premiumCents !== null
      ? [{ label: t('changePlan.premium'), value: format.money(plan.premiumCents) }]
      : []),
    {
      label: t('changePlan.deductible'),
      value: format.money(plan.deductibleCents),
      detail: isCurrent || !current ? null : difference(plan.deductibleCents, current.deductibleCents),
    },
    {
      label: t('changePlan.outOfPocketMax'),
      value: format.money(plan.outOfPocketMaxCents),
      detail:
        isCurrent || !current ? null : difference(plan.outOfPocketMaxCents, current.outOfPocketMaxCents),
    },
    {
      label: t('changePlan.drugsCovered'),
      value: lt(`changePlan.drugs.${plan.drugsCovered}`, { defaultValue: plan.drugsCovered }),
    },
    ...(plan.metalLevel
      ? [
          {
            label: t('changePlan.metalLevel'),
            value: lt(`metalLevel.${plan.metalLevel}`, { defaultValue: plan.metalLevel }),
          },
        ]
      : []),
    { label: t('changePlan.planType'), value: plan.planType },
  ];
  return (
    <Paper
      component="li"
      variant="outlined"
      aria-labelledby={headingId}
      sx={{
        p: 2,
        listStyle: 'none',
        display: 'flex',
        flexDirection: 'column',
        gap: 1.5,
        borderColor: isCurrent ? 'primary.main' : undefined,
        borderWidth: isCurrent ? 2 : 1,
        minWidth: 0,
      }}
    >
      <Box>
        {isCurrent && <Chip label={t('changePlan.yourPlan')} color="primary" size="small" sx={{ mb: 1 }} />}
        {plan.renewsCurrent && (
          <Chip
            label={t('changePlan.renewsCurrent')}
            color="primary"
            variant="outlined"
            size="small"
            sx={{ mb: 1 }}
          />
        )}
        <Typography
          id={headingId}
          variant="subtitle1"
          component="h3"
          sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
        >
          {plan.planName}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('changePlan.planId', { id: plan.planId })}
        </Typography>
      </Box>
      {pays !== null && (
        <Box>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {afterCredit
              ? isCurrent
                ? t('changePlan.youPayNow')
                : t('changePlan.youWouldPay')
              : t('changePlan.premium')}
          </Typography>
          <Typography sx={{ fontSize: '1.5rem', fontWeight: 700 }}>
            {t('changePlan.perMonth', { amount: format.money(pays) })}
          </Typography>
          {!isCurrent && <Typography variant="body2">{difference(pays, currentPays)}</Typography>}
        </Box>
      )}
      <Box
        component="dl"
        sx={{
          m: 0,
          display: 'grid',
          gridTemplateColumns: 'minmax(0, 1fr) auto',
          columnGap: 1.5,
          rowGap: 0.75,
        }}
      >
        {rows.map((row) => (
          <Box key={row.label} sx={{ display: 'contents' }}>
            <Box component="dt" sx={{ color: 'text.secondary', typography: 'body2' }}>
              {row.label}
            </Box>
            <Box component="dd" sx={{ m: 0, fontWeight: 600, textAlign: 'right', typography: 'body2' }}>
              {row.value}
              {row.detail && (
                <Box component="span" sx={{ display: 'block', fontWeight: 400, color: 'text.secondary' }}>
                  {row.detail}
                </Box>
              )}
            </Box>
          </Box>
        ))}
      </Box>
      {plan.sbcUrl ? (
        <Link
          href={plan.sbcUrl}
          target="_blank"
          rel="noopener noreferrer"
          sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
        >
          {t('changePlan.sbc')}
          <Box component="span" sx={visuallyHiddenName}>
            {` – ${plan.planName}`}
          </Box>
          <OpenInNew fontSize="small" aria-hidden="true" />
          <NewTabHint />
        </Link>
      ) : (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('changePlan.noSbc')}
        </Typography>
      )}
      {plan.renewsCurrent && <Typography variant="body2">{t('changePlan.renewsHelp')}</Typography>}
      <Box sx={{ mt: 'auto' }}>{plan.renewsCurrent ? null : action}</Box>
    </Paper>
  );
}

const visuallyHiddenName = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

function PlanGrid({ children, label }: { children: React.ReactNode; label: string }) {
  return (
    <Box
      component="ul"
      aria-label={label}
      sx={{
        m: 0,
        p: 0,
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', xl: 'repeat(3, minmax(0, 1fr))' },
      }}
    >
      {children}
    </Box>
  );
}

/**
 * The confirmation before a plan change is asked for: from which plan to which, from when, what the member
 * would pay; for this year's plans outside open enrolment, the qualifying life event and its date.
 */
function ChoosePlanDialog({
  policyId,
  choices,
  chosen,
  onClose,
  onSent,
}: {
  policyId: string;
  choices: PlanChoices;
  chosen: Chosen;
  onClose: () => void;
  onSent: (request: ServiceRequest) => void;
}) {
  const { t } = useTranslation();
  const lt = loose(t);
  const format = useFormatters();
  const { narrow } = useLayout();
  const describeError = useCoverageError();
  const invalidates = useCoverageInvalidation();
  const needsEvent = !chosen.renewal && choices.qualifyingEventNeeded;
  const resolver = useMemo(
    () => contractResolver((c) => c.planChangeEventFormSchema(choices.today)),
    [choices.today],
  );
  const form = useForm<PlanChangeEventForm>({
    resolver,
    defaultValues: { qualifyingEvent: '' as PlanChangeEventForm['qualifyingEvent'], eventDate: '' },
  });
  const command = useCommand({
    send: (values: PlanChangeEventForm | null, key: string) =>
      requestPlanChange(
        policyId,
        {
          planId: chosen.plan.planId,
          renewal: chosen.renewal,
          ...(values ? { qualifyingEvent: values.qualifyingEvent, eventDate: values.eventDate } : {}),
        },
        key,
      ),
    invalidates,
    form,
  });
  const send = async (values: PlanChangeEventForm | null) => {
    const sent = await command.submit(values);
    if (sent) onSent(sent);
  };
  const event = useWatch({ control: form.control, name: 'qualifyingEvent' });
  // The window of the event chosen (a coming loss of coverage may also be up to 60 days ahead).
  const window = planChangeEventWindow((event as string) === '' ? 'moved' : event, choices.today);
  const afterCredit = (choices.taxCreditCents ?? 0) > 0 && chosen.plan.premiumAfterTaxCreditCents !== null;
  const pays = afterCredit ? chosen.plan.premiumAfterTaxCreditCents : chosen.plan.premiumCents;
  const current = choices.current;
  const body = (
    <Stack spacing={1.5}>
      <Typography>
        {current
          ? t('changePlan.confirm.from', {
              current: current.planName,
              plan: chosen.plan.planName,
              date: format.date(chosen.effectiveDate),
            })
          : t('changePlan.confirm.to', {
              plan: chosen.plan.planName,
              date: format.date(chosen.effectiveDate),
            })}
      </Typography>
      {pays !== null && (
        <Typography>
          {t(afterCredit ? 'changePlan.confirm.paysAfterCredit' : 'changePlan.confirm.pays', {
            amount: format.money(pays),
          })}
        </Typography>
      )}
      {choices.marketCoverage === 'Group' && <Typography>{t('changePlan.groupNote')}</Typography>}
      <Typography>{t('changePlan.confirm.review')}</Typography>
    </Stack>
  );
  return (
    <Dialog
      open
      onClose={command.pending ? undefined : onClose}
      fullScreen={narrow}
      fullWidth
      maxWidth="sm"
      aria-labelledby="choose-plan-title"
      aria-describedby="choose-plan-body"
    >
      <DialogTitle id="choose-plan-title">
        {t('changePlan.confirm.title', { plan: chosen.plan.planName })}
      </DialogTitle>
      <PortalForm
        form={form}
        onSubmit={(values) => {
          void send(values);
        }}
        error={command.error}
        describeError={describeError}
        labelledBy="choose-plan-title"
      >
        <DialogContent>
          <Box id="choose-plan-body">{body}</Box>
          {needsEvent && (
            <Stack spacing={2.5} sx={{ mt: 2.5 }}>
              <Typography>{t('changePlan.confirm.eventIntro')}</Typography>
              <SelectInput
                name="qualifyingEvent"
                field="qualifyingEvent"
                required
                options={PLAN_CHANGE_EVENTS.map((event) => ({
                  value: event,
                  label: lt(`serviceRequests.value.qualifyingEvent.${event}`),
                }))}
              />
              <DateInput
                name="eventDate"
                field="eventDate"
                required
                help={t('changePlan.confirm.eventDateHelp', {
                  earliest: format.date(window.earliest),
                  latest: format.date(window.latest),
                })}
              />
            </Stack>
          )}
        </DialogContent>
        <DialogActions sx={{ flexWrap: 'wrap', gap: 1, px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={command.pending} autoFocus={!needsEvent}>
            {t('changePlan.confirm.keep')}
          </Button>
          {needsEvent ? (
            <Button type="submit" variant="contained" disabled={command.pending}>
              {t('changePlan.confirm.send')}
            </Button>
          ) : (
            <Button
              variant="contained"
              disabled={command.pending}
              onClick={() => {
                void send(null);
              }}
            >
              {t('changePlan.confirm.send')}
            </Button>
          )}
        </DialogActions>
      </PortalForm>
    </Dialog>
  );
}

/**
 * SPEC §2 /admin/policy-selection/change-plan (SPEC §3 Policy eligiblePlans, eligibleRenewalPlans): the
 * current plan beside the plans the policy may move to this plan year (from the first of next month) and,
 * once open enrolment started, next year (from January 1) — what the member would pay after the tax credit
 * they get now, deductible, out-of-pocket maximum, drugs, metal level, plan type and the SBC. Choosing one
 * asks for a `change-plan` request after a confirmation; an open one is shown with a cancel button. On-exchange
 * policies change plans at the exchange: the comparison stays, without the buttons.
 */
export default function ChangePlanPage() {
  const { t } = useTranslation();
  const viewer = useSignedInViewer();
  const format = useFormatters();
  const exchange = useConfig().account.exchange.name;
  const { policy, choices: policies } = useCoveragePolicy();
  const choices = usePlanChoices(viewer.credentialKey, policy?.id ?? null);
  const open = useOpenRequest(policy, 'change-plan');
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [sent, setSent] = useState<ServiceRequest | null>(null);
  const top = useRef<HTMLDivElement>(null);
  // Once a request is sent, its confirmation takes the focus (it shows above where the form was).
  useEffect(() => {
    if (sent) top.current?.focus();
  }, [sent]);
  const data = choices.data;
  const withCredit = (data?.taxCreditCents ?? 0) > 0;
  const canAsk =
    viewer.session.actions.includes('change-plan') &&
    data?.route === 'issuer' &&
    !open.request &&
    !open.loading;

  const chooseButton = (plan: PlanOption, renewal: boolean, effectiveDate: CalendarDate) =>
    canAsk ? (
      <Button
        variant="contained"
        fullWidth
        onClick={() => {
          setChosen({ plan, renewal, effectiveDate });
        }}
      >
        {t('changePlan.choose')}
        <Box component="span" sx={visuallyHiddenName}>{` – ${plan.planName}`}</Box>
      </Button>
    ) : null;

  const section = (
    id: string,
    heading: string,
    intro: string,
    set: NonNullable<PlanChoices['eligible']>,
    renewal: boolean,
  ) => (
    <Box component="section" aria-labelledby={id}>
      <Typography id={id} variant="h5" component="h2" sx={{ mb: 0.5 }}>
        {heading}
      </Typography>
      {set.plans.length > 0 && <Typography sx={{ mb: 2 }}>{intro}</Typography>}
      {set.plans.length === 0 ? (
        <Typography sx={{ color: 'text.secondary' }}>{t('changePlan.noPlans')}</Typography>
      ) : (
        <PlanGrid label={heading}>
          {set.plans.map((plan) => (
            <PlanCard
              key={plan.planId}
              plan={plan}
              current={data?.current ?? null}
              isCurrent={false}
              withCredit={withCredit}
              action={chooseButton(plan, renewal, set.effectiveDate)}
            />
          ))}
        </PlanGrid>
      )}
    </Box>
  );

  return (
    <CoveragePageFrame title={t('changePlan.heading')} intro={t('changePlan.intro')}>
      {!policy ? (
        <NoPolicy />
      ) : (
        <>
          <PolicySelector choices={policies} selected={policy} />
          <Box ref={top} tabIndex={-1} sx={{ outline: 'none', display: sent ? 'block' : 'none' }}>
            {sent && (
              <RequestSent
                request={sent}
                onClose={() => {
                  setSent(null);
                }}
              />
            )}
          </Box>
          {choices.isPending && <LoadingNotice label={t('changePlan.loading')} />}
          {choices.isError && !data && (
            <LoadFailedNotice
              message={t('changePlan.loadError')}
              retry={() => {
                void choices.refetch();
              }}
            />
          )}
          {data && (
            <>
              {data.route === 'exchange' && (
                <ExchangeNotice
                  id="change-plan-exchange"
                  heading={t('changePlan.exchange.heading', { exchange })}
                  body={t('changePlan.exchange.body', { exchange })}
                />
              )}
              {open.request && (
                <OpenRequest
                  request={open.request}
                  summary={t('changePlan.open', {
                    plan: detailText(open.request, 'newPlanName'),
                    date: open.request.effectiveDate ? format.date(open.request.effectiveDate) : '',
                  })}
                />
              )}
              {data.route === 'issuer' && !viewer.session.actions.includes('change-plan') && (
                <Alert severity="info">{t('changePlan.notAllowed')}</Alert>
              )}
              {(!data.visibleAmounts.premium || !data.visibleAmounts.subsidies) && (
                <Alert severity="info">
                  {t(data.visibleAmounts.premium ? 'changePlan.hiddenSubsidies' : 'changePlan.hiddenAmounts')}
                </Alert>
              )}
              {data.current === null ? (
                <Alert severity="info">{t('changePlan.noCurrent')}</Alert>
              ) : (
                <>
                  <Box component="section" aria-labelledby="current-plan-heading">
                    <Typography id="current-plan-heading" variant="h5" component="h2" sx={{ mb: 2 }}>
                      {t('changePlan.currentHeading')}
                    </Typography>
                    <PlanGrid label={t('changePlan.currentHeading')}>
                      <PlanCard
                        plan={data.current}
                        current={data.current}
                        isCurrent
                        withCredit={withCredit}
                        action={null}
                      />
                    </PlanGrid>
                    {data.taxCreditCents !== null && data.taxCreditCents > 0 && (
                      <Typography variant="body2" sx={{ mt: 1.5 }}>
                        {t('changePlan.taxCreditNote', { amount: format.money(data.taxCreditCents) })}
                      </Typography>
                    )}
                  </Box>
                  {data.renewal &&
                    section(
                      'renewal-plans-heading',
                      t('changePlan.renewalHeading', { year: data.renewal.effectiveDate.slice(0, 4) }),
                      t('changePlan.renewalIntro', { date: format.date(data.renewal.effectiveDate) }),
                      data.renewal,
                      true,
                    )}
                  {data.eligible &&
                    section(
                      'eligible-plans-heading',
                      t('changePlan.eligibleHeading'),
                      data.qualifyingEventNeeded
                        ? t('changePlan.eligibleIntroEvent', {
                            date: format.date(data.eligible.effectiveDate),
                          })
                        : t('changePlan.eligibleIntro', { date: format.date(data.eligible.effectiveDate) }),
                      data.eligible,
                      false,
                    )}
                  {!data.eligible && !data.renewal && (
                    <Alert severity="info">{t('changePlan.nothingNow')}</Alert>
                  )}
                  <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                    {t('changePlan.estimateNote')}{' '}
                    {data.marketCoverage === 'Group' ? t('changePlan.groupNote') : ''}
                  </Typography>
                </>
              )}
            </>
          )}
          {chosen && data && (
            <ChoosePlanDialog
              policyId={policy.id}
              choices={data}
              chosen={chosen}
              onClose={() => {
                setChosen(null);
              }}
              onSent={(request) => {
                setChosen(null);
                setSent(request);
                top.current?.focus();
              }}
            />
          )}
        </>
      )}
    </CoveragePageFrame>
  );
}
