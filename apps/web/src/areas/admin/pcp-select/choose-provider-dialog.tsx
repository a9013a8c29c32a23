import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PcpMember, PcpOverview, Provider, ServiceRequest } from '@portal/contracts';
import { specialtyFitsAge } from '@portal/domain';
import Alert from '../../../kit/Alert';
import Button from '../../../kit/Button';
import Checkbox from '../../../kit/Checkbox';
import Dialog from '../../../kit/Dialog';
import DialogActions from '../../../kit/DialogActions';
import DialogContent from '../../../kit/DialogContent';
import DialogTitle from '../../../kit/DialogTitle';
import FormControl from '../../../kit/FormControl';
import FormControlLabel from '../../../kit/FormControlLabel';
import FormGroup from '../../../kit/FormGroup';
import FormHelperText from '../../../kit/FormHelperText';
import FormLabel from '../../../kit/FormLabel';
import Typography from '../../../kit/Typography';
import { pcpKey } from '../../../data/pcp/get-pcp';
import { selectPcp } from '../../../data/pcp/pcp-commands';
import { serviceRequestsKey } from '../../../data/service-request/get-service-requests';
import { useSignedInViewer } from '../../../lib/viewer';
import { useCommand } from '../../../ui/form';
import { useLayout } from '../../../ui/use-layout';
import { useProviderText } from './provider-text';
import { PROBLEMS, useProblemText } from '../../../ui/problems';

/** Why a member cannot have this provider now (null: they can). */
function blockedFor(member: PcpMember, provider: Provider): 'age' | 'same' | 'pending' | null {
  if (member.pending) return 'pending';
  if (member.current?.provider.npi === provider.npi) return 'same';
  if (!specialtyFitsAge(provider.specialty, member.age)) return 'age';
  return null;
}

/**
 * The confirmation before a choice: the provider, and for whom — the member the member asked for (or every
 * member without a PCP whom this provider sees), others offered too, those it cannot be for said why. Says
 * whether it applies at once or waits for review. A refusal is said in place with the provider kept.
 */
export function ChooseProviderDialog({
  overview,
  provider,
  forMember,
  onClose,
  onSent,
}: {
  overview: PcpOverview;
  provider: Provider;
  forMember: string | null;
  onClose: () => void;
  onSent: (request: ServiceRequest) => void;
}) {
  const { t } = useTranslation();
  const { narrow } = useLayout();
  const viewer = useSignedInViewer();
  const text = useProviderText();
  const name = text.name(provider);
  const free = overview.members.filter((member) => blockedFor(member, provider) === null);
  const initial =
    forMember && free.some((member) => member.memberId === forMember)
      ? [forMember]
      : free.filter((member) => member.current === null).map((member) => member.memberId);
  const [chosen, setChosen] = useState<string[]>(
    initial.length > 0 ? initial : free.slice(0, 1).map((member) => member.memberId),
  );
  const [missing, setMissing] = useState(false);
  const command = useCommand({
    send: (memberIds: string[], key: string) =>
      selectPcp(
        overview.policyId,
        { choices: memberIds.map((memberId) => ({ memberId, npi: provider.npi })) },
        key,
      ),
    invalidates: () => [
      pcpKey(viewer.credentialKey),
      serviceRequestsKey(viewer.credentialKey),
      ['notifications'],
    ],
  });
  const say = useProblemText(PROBLEMS.pcp);
  const errorText = (): string | null =>
    command.error ? say(command.error, { network: overview.network?.name ?? '' }) : null;
  const reason = (why: 'age' | 'same' | 'pending') => t(`pcpSelect.blocked.${why}`);
  const send = async () => {
    if (chosen.length === 0) {
      setMissing(true);
      return;
    }
    const done = await command.submit(chosen);
    if (done) onSent(done);
  };
  const error = errorText();
  return (
    <Dialog
      open
      onClose={command.pending ? undefined : onClose}
      fullScreen={narrow}
      fullWidth
      maxWidth="sm"
      aria-labelledby="choose-provider-title"
      aria-describedby="choose-provider-body"
    >
      <DialogTitle id="choose-provider-title">{t('pcpSelect.confirm.title', { name })}</DialogTitle>
      <DialogContent>
        <Typography id="choose-provider-body" sx={{ mb: 2 }}>
          {t('pcpSelect.confirm.body', {
            name,
            practice: provider.practiceName,
            city: provider.address.city,
          })}{' '}
          {overview.appliesAtOnce ? t('pcpSelect.confirm.atOnce') : t('pcpSelect.confirm.review')}
        </Typography>
        <FormControl component="fieldset" error={missing} required>
          <FormLabel component="legend">{t('pcpSelect.confirm.forWhom')}</FormLabel>
          <FormGroup>
            {overview.members.map((member) => {
              const blocked = blockedFor(member, provider);
              const fullName = `${member.firstName} ${member.lastName}`;
              return (
                <FormControlLabel
                  key={member.memberId}
                  disabled={blocked !== null || command.pending}
                  control={
                    <Checkbox
                      checked={chosen.includes(member.memberId)}
                      onChange={(event) => {
                        setMissing(false);
                        setChosen((now) =>
                          event.target.checked
                            ? [...now, member.memberId]
                            : now.filter((id) => id !== member.memberId),
                        );
                      }}
                    />
                  }
                  label={blocked ? `${fullName} — ${reason(blocked)}` : fullName}
                />
              );
            })}
          </FormGroup>
          {missing && <FormHelperText>{t('pcpSelect.confirm.nobody')}</FormHelperText>}
        </FormControl>
        {error && (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1, px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={command.pending} autoFocus>
          {t('pcpSelect.confirm.keep')}
        </Button>
        <Button
          variant="contained"
          disabled={command.pending || free.length === 0}
          onClick={() => {
            void send();
          }}
        >
          {t('pcpSelect.confirm.send')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
