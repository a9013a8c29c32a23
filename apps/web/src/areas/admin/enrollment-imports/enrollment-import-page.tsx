import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import type { EnrollmentSetMember, EnrollmentTransactionSet } from '@portal/contracts';
import ArrowBack from '@mui/icons-material/ArrowBack';
import Alert from '../../../kit/Alert';
import Box from '../../../kit/Box';
import Button from '../../../kit/Button';
import Paper from '../../../kit/Paper';
import Skeleton from '../../../kit/Skeleton';
import Stack from '../../../kit/Stack';
import Table from '../../../kit/Table';
import TableBody from '../../../kit/TableBody';
import TableCell from '../../../kit/TableCell';
import TableContainer from '../../../kit/TableContainer';
import TableHead from '../../../kit/TableHead';
import TableRow from '../../../kit/TableRow';
import Typography from '../../../kit/Typography';
import { useEnrollmentImport, VIEW_IMPORTS_ACTION } from '../../../data/enrollment-import/enrollment-imports';
import { isApiError } from '../../../lib/api';
import { useSignedInViewer } from '../../../lib/viewer';
import { loose } from '../../../i18n/loose';
import { Facts } from '../../../ui/facts';
import { dateTimeFormat, useFormatters } from '../../../ui/format';

const MAINTENANCE = ['021', '001', '024', '025', '030'];
const RELATIONSHIPS = ['18', '01', '19', '53', '17', '15'];

/** One member a set names: the name as the file wrote it, subscriber or dependent, and the exchange ids. */
function MemberLine({ member }: { member: EnrollmentSetMember }) {
  const { t } = useTranslation();
  const lt = loose(t);
  const name =
    [member.firstName, member.lastName].filter(Boolean).join(' ') || t('enrollmentImports.detail.noName');
  const role = member.subscriber
    ? t('enrollmentImports.detail.subscriber')
    : member.relationship && RELATIONSHIPS.includes(member.relationship)
      ? lt(`enrollmentImports.relationship.${member.relationship}`)
      : t('enrollmentImports.detail.dependent');
  return (
    <li>
      <Box component="span" sx={{ fontWeight: 600 }}>
        {name}
      </Box>{' '}
      ({role}){member.memberId && <> · {t('enrollmentImports.detail.memberId', { id: member.memberId })}</>}
    </li>
  );
}

function SetRow({ set }: { set: EnrollmentTransactionSet }) {
  const { t } = useTranslation();
  const lt = loose(t);
  const format = useFormatters();
  const rejected = set.status === 'rejected';
  return (
    <TableRow data-testid="transaction-set" data-status={set.status}>
      <TableCell component="th" scope="row">
        {set.controlNumber}
      </TableCell>
      <TableCell sx={rejected ? { color: 'error.dark', fontWeight: 600 } : undefined}>
        {t(`enrollmentImports.setStatus.${set.status}`)}
      </TableCell>
      <TableCell>
        {set.maintenance && MAINTENANCE.includes(set.maintenance)
          ? lt(`enrollmentImports.maintenance.${set.maintenance}`)
          : (set.maintenance ?? '')}
      </TableCell>
      <TableCell sx={{ wordBreak: 'break-word', minWidth: 220 }}>
        {set.members.length > 0 ? (
          <Box component="ul" sx={{ m: 0, pl: 2 }}>
            {set.members.map((member, index) => (
              <MemberLine key={`${member.memberId ?? ''}-${String(index)}`} member={member} />
            ))}
          </Box>
        ) : (
          t('enrollmentImports.detail.nobodyNamed')
        )}
        {set.subscriberId && (
          <Typography variant="body2">
            {t('enrollmentImports.detail.subscriberId', { id: set.subscriberId })}
          </Typography>
        )}
      </TableCell>
      <TableCell>{set.effectiveDate ? format.date(set.effectiveDate) : ''}</TableCell>
      <TableCell sx={{ wordBreak: 'break-word' }}>
        {set.reason && (
          <>
            {set.segment !== null && (
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {t('enrollmentImports.detail.segment', { segment: set.segment })}
              </Typography>
            )}
            <Typography variant="body2">{set.reason}</Typography>
          </>
        )}
      </TableCell>
    </TableRow>
  );
}

/**
 * Decision 056 (`/admin/enrollment-imports/:importId`): one 834 import — how and when it came, what it did,
 * the acknowledgment the sender got back, and each transaction set with the members it names and, for a
 * rejected one, the segment and the reason. The server audits the read (it shows member data).
 */
export default function EnrollmentImportPage() {
  const { t, i18n } = useTranslation();
  const { importId = '' } = useParams();
  const viewer = useSignedInViewer();
  const format = useFormatters();
  const allowed = viewer.session.actions.includes(VIEW_IMPORTS_ACTION);
  const found = useEnrollmentImport(viewer.credentialKey, importId, allowed);
  const when = dateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const back = (
    <Button
      component={RouterLink}
      to="/admin/enrollment-imports"
      startIcon={<ArrowBack />}
      sx={{ alignSelf: 'flex-start' }}
    >
      {t('enrollmentImports.detail.back')}
    </Button>
  );

  if (!allowed) {
    return (
      <Stack spacing={2}>
        <Typography variant="h4" component="h1">
          {t('enrollmentImports.detail.title')}
        </Typography>
        <Alert severity="info">{t('enrollmentImports.notAllowed')}</Alert>
      </Stack>
    );
  }
  const detail = found.data;
  if (!detail) {
    return (
      <Stack spacing={2}>
        {back}
        <Typography variant="h4" component="h1">
          {t('enrollmentImports.detail.title')}
        </Typography>
        {found.isError ? (
          <Alert severity="error">
            {isApiError(found.error) && found.error.status === 404
              ? t('enrollmentImports.detail.notFound')
              : t('enrollmentImports.loadFailed')}
          </Alert>
        ) : (
          <Skeleton variant="rounded" height={160} aria-label={t('app.loading')} />
        )}
      </Stack>
    );
  }
  const ack = detail.acknowledgment;
  return (
    <Stack spacing={3}>
      {back}
      <Stack spacing={1}>
        <Typography variant="h4" component="h1" sx={{ overflowWrap: 'anywhere' }}>
          {t('enrollmentImports.detail.heading', { file: detail.fileName })}
        </Typography>
      </Stack>
      {detail.refused && (
        <Alert severity="error">
          {t('enrollmentImports.detail.refused')}{' '}
          {detail.refused.segment !== null
            ? t('enrollmentImports.segmentReason', {
                segment: detail.refused.segment,
                reason: detail.refused.reason,
              })
            : detail.refused.reason}
        </Alert>
      )}
      {detail.duplicate && <Alert severity="info">{t('enrollmentImports.detail.duplicate')}</Alert>}
      <Paper
        component="section"
        variant="outlined"
        aria-labelledby="import-facts-heading"
        sx={{ p: { xs: 2, sm: 3 } }}
      >
        <Typography id="import-facts-heading" variant="h6" component="h2" sx={{ mb: 2 }}>
          {t('enrollmentImports.detail.factsHeading')}
        </Typography>
        <Facts
          items={[
            {
              label: t('enrollmentImports.columns.received'),
              value: when.format(new Date(detail.receivedAt)),
            },
            {
              label: t('enrollmentImports.columns.source'),
              value: t(`enrollmentImports.source.${detail.source}`),
            },
            {
              label: t('enrollmentImports.detail.sender'),
              value: detail.sender ?? t('enrollmentImports.noInterchange'),
            },
            {
              label: t('enrollmentImports.detail.controlNumber'),
              value: detail.controlNumber ?? t('enrollmentImports.noInterchange'),
            },
            {
              label: t('enrollmentImports.columns.outcome'),
              value: t(`enrollmentImports.status.${detail.status}`),
            },
            {
              label: t('enrollmentImports.detail.acknowledgment'),
              value:
                ack.kind && ack.outcome
                  ? t('enrollmentImports.detail.ackOutcome', {
                      kind: ack.kind,
                      outcome: t(`enrollmentImports.ack.${ack.outcome}`),
                    })
                  : t('enrollmentImports.detail.noAck'),
              tone:
                ack.outcome === 'rejected'
                  ? 'error'
                  : ack.outcome === 'partially-accepted'
                    ? 'warning'
                    : 'normal',
            },
            { label: t('enrollmentImports.detail.sets'), value: format.number(detail.transactions) },
            {
              label: t('enrollmentImports.detail.outcomes'),
              value: t('enrollmentImports.detail.outcomeCounts', {
                applied: format.number(detail.applied),
                rejected: format.number(detail.rejected),
                held: format.number(detail.held),
              }),
              tone: detail.rejected > 0 ? 'warning' : 'normal',
            },
            {
              label: t('enrollmentImports.detail.members'),
              value: t('enrollmentImports.detail.memberCounts', {
                created: format.number(detail.members.created),
                updated: format.number(detail.members.updated),
                terminated: format.number(detail.members.terminated),
              }),
            },
          ]}
        />
      </Paper>
      {detail.transactionSets.length > 0 && (
        <Box component="section" aria-labelledby="import-sets-heading">
          <Typography id="import-sets-heading" variant="h6" component="h2" sx={{ mb: 1 }}>
            {t('enrollmentImports.detail.setsHeading')}
          </Typography>
          <Paper variant="outlined">
            <TableContainer tabIndex={0} aria-labelledby="import-sets-heading" role="region">
              <Table size="small" sx={{ minWidth: 880 }}>
                <caption
                  style={{ captionSide: 'top', textAlign: 'left', padding: '12px 16px', fontWeight: 600 }}
                >
                  {t('enrollmentImports.detail.setsCaption')}
                </caption>
                <TableHead>
                  <TableRow>
                    <TableCell scope="col">{t('enrollmentImports.detail.columns.set')}</TableCell>
                    <TableCell scope="col">{t('enrollmentImports.detail.columns.status')}</TableCell>
                    <TableCell scope="col">{t('enrollmentImports.detail.columns.maintenance')}</TableCell>
                    <TableCell scope="col">{t('enrollmentImports.detail.columns.members')}</TableCell>
                    <TableCell scope="col">{t('enrollmentImports.detail.columns.effective')}</TableCell>
                    <TableCell scope="col">{t('enrollmentImports.detail.columns.reason')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {detail.transactionSets.map((set) => (
                    <SetRow key={set.controlNumber} set={set} />
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          </Paper>
        </Box>
      )}
      {ack.text && (
        <Box component="section" aria-labelledby="import-ack-heading">
          <Typography id="import-ack-heading" variant="h6" component="h2" sx={{ mb: 1 }}>
            {t('enrollmentImports.detail.ackHeading', { kind: ack.kind ?? '' })}
          </Typography>
          <Box
            component="pre"
            tabIndex={0}
            role="region"
            aria-labelledby="import-ack-heading"
            sx={{
              m: 0,
              p: 2,
              bgcolor: 'grey.100',
              border: 1,
              borderColor: 'divider',
              borderRadius: 1,
              overflowX: 'auto',
              fontSize: '0.8125rem',
              whiteSpace: 'pre',
            }}
          >
            {ack.text.replace(/~(?!\n)/g, '~\n')}
          </Box>
        </Box>
      )}
    </Stack>
  );
}
