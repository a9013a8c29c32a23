import { useTranslation } from 'react-i18next';
import type { ServiceQueueDetail } from '@portal/contracts';
import Alert from '../../../kit/Alert';
import Button from '../../../kit/Button';
import Stack from '../../../kit/Stack';
import Typography from '../../../kit/Typography';
import { loose } from '../../../i18n/loose';
import { Facts } from '../../../ui/facts';
import { useFormatters } from '../../../ui/format';
import type { QueueRequestCommands } from './queue-request-commands';
import { Section, useRequestTime } from './queue-request-sections';

type Request = ServiceQueueDetail['request'];
type Assignee = ServiceQueueDetail['assignee'];

interface ClaimProps {
  request: Request;
  assignee: Assignee;
  commands: QueueRequestCommands;
  /** What went wrong with a queue command, said for staff. */
  problem: (error: unknown) => string;
  /** Says an outcome: on the page, in the snackbar, and moves the focus to the heading. */
  after: (message: string) => void;
  onDecide: (decision: 'approve' | 'reject') => void;
}

/**
 * The open request's claim (docs/decisions/030): who else holds it (and whether that claim went stale),
 * what went wrong with the last claim or release, and the buttons: claim it, take over a stale claim, or,
 * when it is the reader's, approve, reject or give it back.
 */
function ClaimActions({ request, assignee, commands, problem, after, onDecide }: ClaimProps) {
  const { t } = useTranslation();
  const { claim, release } = commands;
  const mine = assignee?.mine === true;
  const commandError = claim.error ?? release.error;
  return (
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
                if (done) after(t('serviceQueue.detail.claimed', { reference: request.referenceNumber }));
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
                if (done) after(t('serviceQueue.detail.claimed', { reference: request.referenceNumber }));
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
                commands.approve.reset();
                onDecide('approve');
              }}
            >
              {t('serviceQueue.detail.approve')}
            </Button>
            <Button
              variant="contained"
              color="error"
              onClick={() => {
                commands.reject.reset();
                onDecide('reject');
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
                  if (done) after(t('serviceQueue.detail.released', { reference: request.referenceNumber }));
                });
              }}
            >
              {t('serviceQueue.detail.release')}
            </Button>
          </>
        )}
      </Stack>
    </Stack>
  );
}

/**
 * Where the request stands: its status, whom and which policy it is about, when it came and from whom,
 * who holds it; while it is open, the claim and the decisions; once closed, its resolution.
 */
export function RequestFacts({
  data,
  ...claimProps
}: Omit<ClaimProps, 'request' | 'assignee'> & { data: ServiceQueueDetail }) {
  const { t } = useTranslation();
  const lt = loose(t);
  const format = useFormatters();
  const time = useRequestTime();
  const { request, assignee } = data;
  const open = request.status === 'Submitted' || request.status === 'InReview';
  const mine = assignee?.mine === true;
  return (
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
      {open && <ClaimActions request={request} assignee={assignee} {...claimProps} />}
      {request.resolution && !open && (
        <Typography sx={{ mt: 2, fontWeight: 500 }}>
          {t('serviceRequests.resolution', { resolution: request.resolution })}
        </Typography>
      )}
    </Section>
  );
}
