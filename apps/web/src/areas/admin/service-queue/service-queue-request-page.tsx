import { useMemo, useRef, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useParams } from 'react-router';
import { z } from 'zod';
import {
  RejectServiceRequestSchema,
  type QueueComparisonRow,
  type ServiceQueueDetail,
} from '@portal/contracts';
import ArrowBack from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { serviceQueueKey, useServiceQueueRequest } from '../../../data/service-queue/get-service-queue';
import {
  approveServiceRequest,
  claimServiceRequest,
  rejectServiceRequest,
  releaseServiceRequest,
} from '../../../data/service-queue/service-queue-commands';
import { getAttachment } from '../../../data/service-request/get-attachment';
import { serviceRequestsKey } from '../../../data/service-request/get-service-requests';
import { isApiError } from '../../../lib/api';
import { saveBlob } from '../../../lib/save-blob';
import { useSignedInViewer } from '../../../lib/viewer';
import { loose } from '../../../i18n/loose';
import { DataTable } from '../../../ui/data-table';
import { Facts } from '../../../ui/facts';
import { PortalForm, TextInput, useCommand, zodResolver } from '../../../ui/form';
import { useFormatters } from '../../../ui/format';
import { useSnackbar } from '../../../ui/snackbar';
import { RequestPageShape } from '../request-page-shape';
import { PROCESS_ACTION } from './queue-action';
import { ActForDialog } from '../members/act-for-dialog';
import { isActingSessionRequired } from '../../../ui/form/problem-message';
import { PROBLEMS, useProblemText } from '../../../ui/problems';

const ApproveForm = z.object({ approvalNote: z.string().trim().max(1000) });
const RejectForm = z.object({ rejectReason: RejectServiceRequestSchema.shape.reason });
type ApproveValues = z.input<typeof ApproveForm>;
type RejectValues = z.input<typeof RejectForm>;

/** A value of the comparison in the reader's language: dates and money formatted, yes/no and "no end date" translated. */
function useValueText() {
  const { t } = useTranslation();
  const lt = loose(t);
  const format = useFormatters();
  return (row: QueueComparisonRow, value: string | null): string => {
    if (value === null) return t('serviceQueue.detail.none');
    if (row.field === 'amountCents' && /^[0-9]+$/.test(value)) return format.money(Number(value));
    // A stored date (YYYY-MM-DD), shown in the reader's format.
    if (/^[0-9]{4}-[0-9]{2}-[0-9]{2}$/.test(value)) return format.date(value);
    if (['open', 'yes', 'no', 'true', 'false'].includes(value)) return lt(`serviceQueue.value.${value}`);
    if (row.field === 'enrollmentStatus' || row.field === 'memberStatus' || row.field === 'paymentStatus')
      return lt(`serviceQueue.status.${value}`, { defaultValue: value });
    return value;
  };
}

/** What went wrong with a queue command, said for staff: who holds it, that it moved, or which rule the change no longer meets. */
const useQueueProblem = (): ((error: unknown) => string) => useProblemText(PROBLEMS.serviceQueue);

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper component="section" variant="outlined" aria-labelledby={id} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={id} variant="h5" component="h2" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

function AttachmentLink({
  requestId,
  attachment,
}: {
  requestId: string;
  attachment: ServiceQueueDetail['request']['attachments'][number];
}) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState(false);
  const format = useFormatters();
  const size =
    attachment.sizeBytes >= 1024 * 1024
      ? `${format.number(Math.round((attachment.sizeBytes / 1024 / 1024) * 10) / 10)} MB`
      : `${format.number(Math.max(1, Math.round(attachment.sizeBytes / 1024)))} KB`;
  return (
    <li>
      <Link
        component="button"
        type="button"
        sx={{ textAlign: 'start' }}
        onClick={() => {
          setFailed(false);
          getAttachment(requestId, attachment.id)
            .then((blob) => {
              saveBlob(blob, attachment.fileName);
            })
            .catch(() => {
              setFailed(true);
            });
        }}
      >
        {t('serviceRequests.download', { file: attachment.fileName, size })}
      </Link>
      {failed && (
        <Typography component="span" role="alert" color="error" sx={{ ml: 1 }}>
          {t('serviceRequests.unavailable')}
        </Typography>
      )}
    </li>
  );
}

/**
 * One service request in the queue (issue 13; docs/decisions/030): where it stands and who holds it, the
 * claim (or taking over a colleague's stale claim) and giving it back, the requested values beside what
 * the records say now, the people on the policy, the files and the history; approving (the change applied
 * at once, after confirming) or rejecting with a reason the member reads.
 */
export default function ServiceQueueRequestPage() {
  const { t } = useTranslation();
  const lt = loose(t);
  const { requestId = '' } = useParams();
  const viewer = useSignedInViewer();
  const format = useFormatters();
  const snackbar = useSnackbar();
  const valueText = useValueText();
  const problem = useQueueProblem();
  const heading = useRef<HTMLHeadingElement>(null);
  const [dialog, setDialog] = useState<'approve' | 'reject' | null>(null);
  const [choosing, setChoosing] = useState(false);
  // From the queue's list: whom the request is from, to name them before staff act for them.
  const listed = useLocation().state as { subscriberName?: string | null; referenceNumber?: string } | null;
  const [outcome, setOutcome] = useState<string | null>(null);
  const detail = useServiceQueueRequest(viewer.credentialKey, requestId);
  const invalidates = () => [
    serviceQueueKey(viewer.credentialKey),
    serviceRequestsKey(viewer.credentialKey),
    ['notifications'],
  ];
  const claim = useCommand({
    send: (input: { version: number; takeOver: boolean }, key: string) =>
      claimServiceRequest(requestId, input, key),
    invalidates,
  });
  const release = useCommand({
    send: (version: number, key: string) => releaseServiceRequest(requestId, version, key),
    invalidates,
  });
  const approveForm = useForm<ApproveValues>({
    resolver: useMemo(() => zodResolver(ApproveForm), []),
    defaultValues: { approvalNote: '' },
  });
  const rejectForm = useForm<RejectValues>({
    resolver: useMemo(() => zodResolver(RejectForm), []),
    defaultValues: { rejectReason: '' },
  });
  const approve = useCommand({
    send: (input: { version: number; note: string }, key: string) =>
      approveServiceRequest(
        requestId,
        { version: input.version, ...(input.note ? { note: input.note } : {}) },
        key,
      ),
    invalidates,
    form: approveForm,
    fieldOf: (field) => (field === 'body.note' ? 'approvalNote' : null),
  });
  const reject = useCommand({
    send: (input: { version: number; reason: string }, key: string) =>
      rejectServiceRequest(requestId, input, key),
    invalidates,
    form: rejectForm,
    fieldOf: (field) => (field === 'body.reason' ? 'rejectReason' : null),
  });

  if (!viewer.session.actions.includes(PROCESS_ACTION)) {
    return (
      <RequestPageShape title={t('serviceQueue.requestTitle')} spacing={2}>
        <Alert severity="info">{t('serviceQueue.notAllowed')}</Alert>
      </RequestPageShape>
    );
  }

  const back = (
    <Button
      component={RouterLink}
      to="/admin/service-queue"
      startIcon={<ArrowBack />}
      sx={{ alignSelf: 'flex-start' }}
    >
      {t('serviceQueue.detail.back')}
    </Button>
  );
  const data = detail.data;
  if (!data) {
    return (
      <RequestPageShape title={t('serviceQueue.requestTitle')} before={back} spacing={2}>
        {detail.isError && isActingSessionRequired(detail.error) ? (
          // A request is one member's records: staff act for them first, saying why (docs/decisions/043).
          <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
            <Alert severity="info">{t('staff.acting.required')}</Alert>
            <Button
              variant="contained"
              onClick={() => {
                setChoosing(true);
              }}
            >
              {listed?.subscriberName
                ? t('staff.find.actForNamed', { name: listed.subscriberName })
                : t('staff.acting.actForRequest')}
            </Button>
            {choosing && (
              <ActForDialog
                target={{ serviceRequestId: requestId, name: listed?.subscriberName ?? null }}
                defaultReason="service-request"
                {...(listed?.referenceNumber ? { defaultNote: listed.referenceNumber } : {})}
                onClose={() => {
                  setChoosing(false);
                }}
                onStarted={() => {
                  setChoosing(false);
                  void detail.refetch();
                }}
              />
            )}
          </Stack>
        ) : detail.isError ? (
          <Alert severity="warning">
            {isApiError(detail.error) && detail.error.status === 404
              ? t('serviceQueue.detail.notFound')
              : t('serviceQueue.detail.unavailable')}
          </Alert>
        ) : (
          <Box role="status" aria-label={t('serviceQueue.detail.loading')}>
            <Skeleton variant="rounded" height={240} />
          </Box>
        )}
      </RequestPageShape>
    );
  }

  const { request, assignee } = data;
  const open = request.status === 'Submitted' || request.status === 'InReview';
  const mine = assignee?.mine === true;
  const time = (instant: string) =>
    `${format.date(instant.slice(0, 10))} ${new Date(instant).toLocaleTimeString(format.locale, { hour: 'numeric', minute: '2-digit' })}`;
  const commandError = claim.error ?? release.error;
  const after = (message: string) => {
    setOutcome(message);
    snackbar.show(message);
    heading.current?.focus();
  };

  return (
    <RequestPageShape
      title={t('serviceQueue.detail.heading', {
        type:
          request.type === 'general' && request.subject
            ? request.subject
            : lt(`serviceRequests.type.${request.type}`),
        reference: request.referenceNumber,
      })}
      intro={
        data.appliesChange ? t('serviceQueue.detail.appliesChange') : t('serviceQueue.detail.answersOnly')
      }
      before={back}
      headingRef={heading}
    >
      {outcome && (
        <Alert
          severity="success"
          role="status"
          onClose={() => {
            setOutcome(null);
          }}
        >
          {outcome}
        </Alert>
      )}
      <Section id="queue-facts" title={t('serviceQueue.detail.facts')}>
        <Facts
          items={[
            { label: t('serviceQueue.detail.status'), value: lt(`serviceRequests.status.${request.status}`) },
            { label: t('serviceQueue.detail.subscriber'), value: data.subscriberName ?? '—' },
            { label: t('serviceQueue.detail.policy'), value: request.policyNumber ?? '—' },
            {
              label: t('serviceQueue.detail.received'),
              value: time(request.createdAt),
              detail: t('serviceQueue.detail.age', { count: data.ageDays }),
            },
            {
              label: t('serviceQueue.detail.requestedBy'),
              value: lt(`serviceQueue.detail.by.${request.requestedBy}`),
            },
            ...(request.effectiveDate
              ? [{ label: t('serviceQueue.detail.effective'), value: format.date(request.effectiveDate) }]
              : []),
            {
              label: t('serviceQueue.detail.claimedBy'),
              value: !assignee
                ? t('serviceQueue.detail.nobody')
                : mine
                  ? t('serviceQueue.detail.claimedByYou', { time: time(assignee.claimedAt) })
                  : t('serviceQueue.detail.claimedByOther', {
                      name: assignee.name,
                      time: time(assignee.claimedAt),
                    }),
            },
          ]}
        />
        {open && (
          <Stack spacing={1.5} sx={{ mt: 2 }}>
            {assignee && !mine && (
              <Alert severity={assignee.stale ? 'warning' : 'info'}>
                {assignee.stale
                  ? t('serviceQueue.detail.staleClaim', { name: assignee.name })
                  : t('serviceQueue.detail.heldBy', { name: assignee.name })}
              </Alert>
            )}
            {commandError !== null && (
              <Alert severity="error" role="alert">
                {problem(commandError)}
              </Alert>
            )}
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
              {!assignee && (
                <Button
                  variant="contained"
                  disabled={claim.pending}
                  onClick={() => {
                    release.reset();
                    void claim.submit({ version: request.version, takeOver: false }).then((done) => {
                      if (done)
                        after(t('serviceQueue.detail.claimed', { reference: request.referenceNumber }));
                    });
                  }}
                >
                  {t('serviceQueue.detail.claim')}
                </Button>
              )}
              {assignee && !mine && assignee.stale && (
                <Button
                  variant="contained"
                  color="warning"
                  disabled={claim.pending}
                  onClick={() => {
                    void claim.submit({ version: request.version, takeOver: true }).then((done) => {
                      if (done)
                        after(t('serviceQueue.detail.claimed', { reference: request.referenceNumber }));
                    });
                  }}
                >
                  {t('serviceQueue.detail.takeOver')}
                </Button>
              )}
              {mine && (
                <>
                  <Button
                    variant="contained"
                    color="success"
                    onClick={() => {
                      approve.reset();
                      setDialog('approve');
                    }}
                  >
                    {t('serviceQueue.detail.approve')}
                  </Button>
                  <Button
                    variant="contained"
                    color="error"
                    onClick={() => {
                      reject.reset();
                      setDialog('reject');
                    }}
                  >
                    {t('serviceQueue.detail.reject')}
                  </Button>
                  <Button
                    variant="outlined"
                    disabled={release.pending}
                    onClick={() => {
                      claim.reset();
                      void release.submit(request.version).then((done) => {
                        if (done)
                          after(t('serviceQueue.detail.released', { reference: request.referenceNumber }));
                      });
                    }}
                  >
                    {t('serviceQueue.detail.release')}
                  </Button>
                </>
              )}
            </Stack>
          </Stack>
        )}
        {request.resolution && !open && (
          <Typography sx={{ mt: 2, fontWeight: 500 }}>
            {t('serviceRequests.resolution', { resolution: request.resolution })}
          </Typography>
        )}
      </Section>

      <Section id="queue-comparison" title={t('serviceQueue.detail.comparison')}>
        {data.comparison.length === 0 ? (
          <Typography>{t('serviceQueue.detail.noComparison')}</Typography>
        ) : (
          <>
            <Typography sx={{ mb: 1.5 }}>{t('serviceQueue.detail.comparisonIntro')}</Typography>
            <Box sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-labelledby="queue-comparison">
              <DataTable
                labelledBy="queue-comparison"
                columns={[
                  t('serviceQueue.detail.field'),
                  t('serviceQueue.detail.requested'),
                  t('serviceQueue.detail.current'),
                ]}
                rows={data.comparison.map((row, index) => ({
                  key: `${row.field}-${row.about ?? ''}-${String(index)}`,
                  cells: [
                    row.about
                      ? `${lt(`serviceQueue.field.${row.field}`, { defaultValue: row.field })} (${row.about})`
                      : lt(`serviceQueue.field.${row.field}`, { defaultValue: row.field }),
                    valueText(row, row.requested),
                    valueText(row, row.current),
                  ],
                }))}
              />
            </Box>
          </>
        )}
      </Section>

      {request.policyId && (
        <Section id="queue-people" title={t('serviceQueue.detail.people')}>
          {data.people.length === 0 ? (
            <Typography>{t('serviceQueue.detail.noPeople')}</Typography>
          ) : (
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {data.people.map((person) => (
                <li key={`${person.name}-${person.relationship}`}>
                  {t('serviceQueue.detail.person', {
                    name: person.name,
                    relationship: lt(`serviceQueue.relationship.${person.relationship}`, {
                      defaultValue: person.relationship,
                    }),
                    status: lt(`serviceQueue.status.${person.status}`, { defaultValue: person.status }),
                  })}
                </li>
              ))}
            </Box>
          )}
        </Section>
      )}

      <Section id="queue-files" title={t('serviceQueue.detail.attachments')}>
        {request.attachments.length === 0 ? (
          <Typography>{t('serviceQueue.detail.noAttachments')}</Typography>
        ) : (
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {request.attachments.map((attachment) => (
              <AttachmentLink key={attachment.id} requestId={request.id} attachment={attachment} />
            ))}
          </Box>
        )}
      </Section>

      <Section id="queue-history" title={t('serviceQueue.detail.history')}>
        <Box component="ol" sx={{ m: 0, pl: 2.5 }}>
          {request.history.map((entry, index) => (
            <li key={`${entry.at}-${String(index)}`}>
              {t('serviceQueue.detail.historyEntry', {
                status: lt(`serviceRequests.status.${entry.status}`),
                date: time(entry.at),
                by: lt(`serviceQueue.detail.by.${entry.by}`),
              })}
              {entry.note && (
                <Typography component="div" variant="body2" sx={{ fontStyle: 'italic' }}>
                  {entry.note}
                </Typography>
              )}
            </li>
          ))}
        </Box>
      </Section>

      {dialog === 'approve' && (
        <Dialog
          open
          onClose={
            approve.pending
              ? undefined
              : () => {
                  setDialog(null);
                }
          }
          aria-labelledby="approve-title"
          maxWidth="sm"
          fullWidth
        >
          <PortalForm
            form={approveForm}
            labelledBy="approve-title"
            error={approve.error}
            describeError={problem}
            onSubmit={async (values) => {
              const done = await approve.submit({
                version: request.version,
                note: values.approvalNote.trim(),
              });
              if (!done) return;
              setDialog(null);
              after(t('serviceQueue.detail.approved', { reference: request.referenceNumber }));
            }}
          >
            <DialogTitle id="approve-title">
              {t('serviceQueue.detail.approveTitle', { reference: request.referenceNumber })}
            </DialogTitle>
            <DialogContent>
              <Typography sx={{ mb: 2 }}>
                {data.appliesChange
                  ? t('serviceQueue.detail.approveBody')
                  : t('serviceQueue.detail.answersOnly')}
              </Typography>
              <TextInput name="approvalNote" field="approvalNote" multiline maxLength={1000} />
            </DialogContent>
            <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
              <Button
                onClick={() => {
                  setDialog(null);
                }}
                disabled={approve.pending}
                autoFocus
              >
                {t('serviceQueue.detail.keep')}
              </Button>
              <Button type="submit" variant="contained" color="success" disabled={approve.pending}>
                {t('serviceQueue.detail.approveConfirm')}
              </Button>
            </DialogActions>
          </PortalForm>
        </Dialog>
      )}
      {dialog === 'reject' && (
        <Dialog
          open
          onClose={
            reject.pending
              ? undefined
              : () => {
                  setDialog(null);
                }
          }
          aria-labelledby="reject-title"
          maxWidth="sm"
          fullWidth
        >
          <PortalForm
            form={rejectForm}
            labelledBy="reject-title"
            error={reject.error}
            describeError={problem}
            onSubmit={async (values) => {
              const done = await reject.submit({
                version: request.version,
                reason: values.rejectReason.trim(),
              });
              if (!done) return;
              setDialog(null);
              after(t('serviceQueue.detail.rejected', { reference: request.referenceNumber }));
            }}
          >
            <DialogTitle id="reject-title">
              {t('serviceQueue.detail.rejectTitle', { reference: request.referenceNumber })}
            </DialogTitle>
            <DialogContent>
              <Typography sx={{ mb: 2 }}>{t('serviceQueue.detail.rejectBody')}</Typography>
              <TextInput name="rejectReason" field="rejectReason" required multiline maxLength={1000} />
            </DialogContent>
            <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
              <Button
                onClick={() => {
                  setDialog(null);
                }}
                disabled={reject.pending}
              >
                {t('serviceQueue.detail.keep')}
              </Button>
              <Button type="submit" variant="contained" color="error" disabled={reject.pending}>
                {t('serviceQueue.detail.rejectConfirm')}
              </Button>
            </DialogActions>
          </PortalForm>
        </Dialog>
      )}
    </RequestPageShape>
  );
}
