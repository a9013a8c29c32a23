import { useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  ACTING_NOTE_MAX_LENGTH,
  ACTING_REASONS,
  type ActingReason,
  type ActingSession,
  type ActingSessionStartRequest,
} from '@portal/contracts';
import Alert from '../../../kit/Alert';
import Button from '../../../kit/Button';
import Dialog from '../../../kit/Dialog';
import DialogActions from '../../../kit/DialogActions';
import DialogContent from '../../../kit/DialogContent';
import DialogTitle from '../../../kit/DialogTitle';
import Stack from '../../../kit/Stack';
import Typography from '../../../kit/Typography';
import {
  afterActingChanged,
  endActingSession,
  startActingSession,
} from '../../../data/acting-session/acting-session';
import { updatePortalState } from '../../../lib/portal-state';
import { useSignedInViewer } from '../../../lib/viewer';
import { contractResolver, PortalForm, RadioInput, TextInput, useCommand } from '../../../ui/form';

/** Whom staff are about to act for: a household, a policy (no household), or a queued request's member. */
export interface ActForTarget {
  householdId?: string;
  policyId?: string;
  serviceRequestId?: string;
  /** The member chosen among the search results. */
  memberId?: string;
  /** How the dialog names them (null: "this member"). */
  name: string | null;
}

/** Whether the acting session under way is already for this target (then nothing needs starting). */
export function actsFor(
  acting: ActingSession | null,
  target: Pick<ActForTarget, 'householdId' | 'policyId'>,
): boolean {
  if (!acting) return false;
  if (target.householdId) return acting.householdId === target.householdId;
  return target.policyId !== undefined && acting.householdId === null && acting.policyId === target.policyId;
}

/**
 * Acting for a member (issue 33 item 14; docs/decisions/043): before staff see or change a member's
 * records they say why — one of a short list of reasons, with a line of free text (required for
 * "other") — and the server starts an acting session, recorded with everything they do until they end it.
 * Staff act for one member at a time: acting for another member ends the session under way first, and
 * the button says so.
 */
export function ActForDialog({
  target,
  defaultReason,
  defaultNote,
  onClose,
  onStarted,
}: {
  target: ActForTarget;
  /** A reason the context already gives (a queued request: processing it); staff still confirm it. */
  defaultReason?: ActingReason;
  defaultNote?: string;
  onClose: () => void;
  onStarted: (session: ActingSession) => void;
}) {
  const { t } = useTranslation();
  const viewer = useSignedInViewer();
  const queryClient = useQueryClient();
  const titleId = useId();
  const resolver = useMemo(() => contractResolver((c) => c.ActingSessionStartRequestSchema), []);
  const form = useForm<ActingSessionStartRequest>({
    resolver,
    defaultValues: {
      ...(target.householdId
        ? { householdId: target.householdId }
        : target.policyId
          ? { policyId: target.policyId }
          : { serviceRequestId: target.serviceRequestId }),
      ...(target.memberId ? { memberId: target.memberId } : {}),
      ...(defaultReason ? { reason: defaultReason } : {}),
      note: defaultNote ?? '',
    },
  });
  const [ending, setEnding] = useState<unknown>(null);
  const command = useCommand<ActingSessionStartRequest, ActingSession, ActingSessionStartRequest>({
    send: (input) =>
      startActingSession({
        ...input,
        ...(input.note?.trim() ? { note: input.note.trim() } : { note: undefined }),
      }),
    form,
  });
  const current = viewer.actingSession;
  const currentName = current ? (current.memberName ?? current.label ?? '') : null;
  const name = target.name ?? t('staff.acting.thisMember');
  const reasons = ACTING_REASONS.map((value) => ({ value, label: t(`staff.acting.reasonOption.${value}`) }));

  const start = async (values: ActingSessionStartRequest) => {
    setEnding(null);
    if (current) {
      // The member acted for until now: that session ends first (one at a time), as the button said.
      try {
        await endActingSession();
      } catch (error) {
        setEnding(error);
        return;
      }
    }
    const outcome = await command.attempt(values);
    if (!outcome.ok) {
      if (current) await afterActingChanged(queryClient, 'ended');
      return;
    }
    // The viewer follows the session read again (whom staff act for is the server's word).
    updatePortalState({ selectedPolicyId: null });
    await afterActingChanged(queryClient, 'started');
    onStarted(outcome.result);
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{t('staff.acting.title', { name })}</DialogTitle>
      <PortalForm
        form={form}
        onSubmit={(values) => void start(values)}
        error={ending ?? command.error}
        labelledBy={titleId}
      >
        <DialogContent sx={{ pt: 0 }}>
          <Stack spacing={2.5}>
            <Typography>{t('staff.acting.intro')}</Typography>
            {current && currentName !== null && (
              <Alert severity="info">{t('staff.acting.endsCurrent', { current: currentName })}</Alert>
            )}
            <RadioInput name="reason" field="actingReason" options={reasons} required />
            <TextInput
              name="note"
              field="actingNote"
              multiline
              maxLength={ACTING_NOTE_MAX_LENGTH}
              help={t('staff.acting.noteHelp', { max: ACTING_NOTE_MAX_LENGTH })}
              autoComplete="off"
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ flexWrap: 'wrap', gap: 1, px: 3, pb: 2 }}>
          <Button onClick={onClose}>{t('staff.acting.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={command.pending}>
            {current && currentName !== null
              ? t('staff.acting.switch', { current: currentName, name })
              : t('staff.acting.start', { name })}
          </Button>
        </DialogActions>
      </PortalForm>
    </Dialog>
  );
}
