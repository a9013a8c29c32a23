import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { QueueComparisonRow, ServiceQueueDetail } from '@portal/contracts';
import Box from '../../../kit/Box';
import Link from '../../../kit/Link';
import Paper from '../../../kit/Paper';
import Typography from '../../../kit/Typography';
import { getAttachment } from '../../../data/service-request/get-attachment';
import { saveBlob } from '../../../lib/save-blob';
import { loose } from '../../../i18n/loose';
import { DataTable } from '../../../ui/data-table';
import { useFormatters } from '../../../ui/format';

type Request = ServiceQueueDetail['request'];

/** An instant of the request's life in the reader's language: the date and the time of day. */
export function useRequestTime(): (instant: string) => string {
  const format = useFormatters();
  return (instant: string) =>
    `${format.date(instant.slice(0, 10))} ${new Date(instant).toLocaleTimeString(format.locale, { hour: 'numeric', minute: '2-digit' })}`;
}

/** One part of the request page: an outlined section named by its h2. */
export function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper component="section" variant="outlined" aria-labelledby={id} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={id} variant="h5" component="h2" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

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

/** The values the member asked for beside what the records say now. */
export function ComparisonSection({ comparison }: { comparison: ServiceQueueDetail['comparison'] }) {
  const { t } = useTranslation();
  const lt = loose(t);
  const valueText = useValueText();
  return (
    <Section id="queue-comparison" title={t('serviceQueue.detail.comparison')}>
      {comparison.length === 0 ? (
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
              rows={comparison.map((row, index) => ({
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
  );
}

/** The people on the request's policy, with their relationship and status. */
export function PeopleSection({ people }: { people: ServiceQueueDetail['people'] }) {
  const { t } = useTranslation();
  const lt = loose(t);
  return (
    <Section id="queue-people" title={t('serviceQueue.detail.people')}>
      {people.length === 0 ? (
        <Typography>{t('serviceQueue.detail.noPeople')}</Typography>
      ) : (
        <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
          {people.map((person) => (
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
  );
}

function AttachmentLink({
  requestId,
  attachment,
}: {
  requestId: string;
  attachment: Request['attachments'][number];
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

/** The files sent with the request, each downloaded on a click (a failed download says so beside it). */
export function AttachmentsSection({ request }: { request: Request }) {
  const { t } = useTranslation();
  return (
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
  );
}

/** What happened to the request: each status, when, by whom and any note. */
export function HistorySection({ history }: { history: Request['history'] }) {
  const { t } = useTranslation();
  const lt = loose(t);
  const time = useRequestTime();
  return (
    <Section id="queue-history" title={t('serviceQueue.detail.history')}>
      <Box component="ol" sx={{ m: 0, pl: 2.5 }}>
        {history.map((entry, index) => (
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
  );
}
