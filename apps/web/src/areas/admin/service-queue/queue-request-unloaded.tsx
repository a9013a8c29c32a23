import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '../../../kit/Alert';
import Box from '../../../kit/Box';
import Button from '../../../kit/Button';
import Skeleton from '../../../kit/Skeleton';
import Stack from '../../../kit/Stack';
import { isApiError } from '../../../lib/api';
import { isActingSessionRequired } from '../../../ui/form/problem-message';
import { ActForDialog } from '../members/act-for-dialog';

/** From the queue's list: whom the request is from, to name them before staff act for them. */
export interface ListedRequest {
  subscriberName?: string | null;
  referenceNumber?: string;
}

/**
 * A request staff cannot read yet: one member's records, so staff act for that member first, saying why
 * (docs/decisions/043); or it is not there, or could not be loaded; or it is loading.
 */
export function RequestNotLoaded({
  requestId,
  listed,
  isError,
  error,
  onActing,
}: {
  requestId: string;
  listed: ListedRequest | null;
  isError: boolean;
  error: unknown;
  /** Staff now act for the member: the page reads the request again. */
  onActing: () => void;
}) {
  const { t } = useTranslation();
  const [choosing, setChoosing] = useState(false);
  if (isError && isActingSessionRequired(error)) {
    return (
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
              onActing();
            }}
          />
        )}
      </Stack>
    );
  }
  if (isError) {
    return (
      <Alert severity="warning">
        {isApiError(error) && error.status === 404
          ? t('serviceQueue.detail.notFound')
          : t('serviceQueue.detail.unavailable')}
      </Alert>
    );
  }
  return (
    <Box role="status" aria-label={t('serviceQueue.detail.loading')}>
      <Skeleton variant="rounded" height={240} />
    </Box>
  );
}
