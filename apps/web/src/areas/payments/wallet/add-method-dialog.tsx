import { useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type {
  AddBankAccountRequestSchema,
  AddCreditCardRequestSchema,
  HostedFieldsConfig,
  TokenizedMethod,
} from '@portal/contracts';
import Alert from '../../../kit/Alert';
import Button from '../../../kit/Button';
import Dialog from '../../../kit/Dialog';
import DialogActions from '../../../kit/DialogActions';
import DialogContent from '../../../kit/DialogContent';
import DialogTitle from '../../../kit/DialogTitle';
import Stack from '../../../kit/Stack';
import Typography from '../../../kit/Typography';
import { addBankAccount, addCreditCard, type WalletTarget } from '../../../data/wallet/wallet-commands';
import {
  CheckboxInput,
  contractResolver,
  PortalForm,
  SelectInput,
  TextInput,
  useCommand,
} from '../../../ui/form';
import { HostedFields, type HostedFieldsHandle } from '../../../ui/hosted-fields/hosted-fields';
import { useLayout } from '../../../ui/use-layout';
import { US_STATES } from '../../../ui/us-states';
import { useWalletError } from './wallet-errors';

// The add requests without the processor's token, which the hosted fields give when the form is sent.
type CardForm = Omit<z.output<typeof AddCreditCardRequestSchema>, 'paymentToken'>;
type BankForm = Omit<z.output<typeof AddBankAccountRequestSchema>, 'paymentToken'>;

export interface AddMethodDialogProps {
  kind: 'card' | 'bankAccount';
  open: boolean;
  target: WalletTarget;
  hostedFields: HostedFieldsConfig;
  holderName: string;
  invalidates: () => readonly (readonly unknown[])[];
  onClose: () => void;
  /** Said once the method is saved ("Visa ending in 4242 was added…"). */
  onAdded: (method: TokenizedMethod) => void;
  /** The hosted fields' session ran out: the page fetches them anew (docs/decisions/039). */
  onHostedFieldsExpired: () => void;
}

/**
 * Add a card or a bank account (SPEC §4 Wallet "add"): the numbers go into the processor's hosted
 * fields (its own origin); the holder, billing address, nickname and e-mail into the portal's own form.
 * On save the hosted fields tokenise first, then the portal saves the token with these details.
 */
export function AddMethodDialog(props: AddMethodDialogProps) {
  const { t } = useTranslation();
  const { narrow } = useLayout();
  const titleId = `add-${props.kind}-title`;
  return (
    <Dialog
      open={props.open}
      onClose={props.onClose}
      fullScreen={narrow}
      fullWidth
      maxWidth="sm"
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId}>
        {t(props.kind === 'card' ? 'wallet.addDialog.cardTitle' : 'wallet.addDialog.bankTitle')}
      </DialogTitle>
      {props.kind === 'card' ? <CardFormBody {...props} /> : <BankFormBody {...props} />}
    </Dialog>
  );
}

/** Tokenise in the frame, then send: the shared part of both forms. */
function useSave<Form>(
  kind: 'card' | 'bankAccount',
  send: (values: Form, token: string) => Promise<unknown>,
  onAdded: (method: TokenizedMethod) => void,
) {
  const frame = useRef<HostedFieldsHandle>(null);
  const [busy, setBusy] = useState(false);
  /** What went wrong in the frame, said under it: the processor unreachable, or its session ran out. */
  const [frameProblem, setFrameProblem] = useState<'failed' | 'expired' | null>(null);
  const save = async (values: Form) => {
    if (busy || !frame.current) return;
    setBusy(true);
    setFrameProblem(null);
    try {
      const outcome = await frame.current.tokenize();
      if (outcome.status === 'failed' || outcome.status === 'expired') setFrameProblem(outcome.status);
      if (outcome.status !== 'tokenized' || outcome.method.kind !== kind) return;
      if (await send(values, outcome.token)) onAdded(outcome.method);
    } finally {
      setBusy(false);
    }
  };
  return { frame, busy, frameProblem, save };
}

/** Under the frame: the processor could not be reached, or the form expired and was loaded anew. */
function FrameProblem({ problem }: { problem: 'failed' | 'expired' | null }) {
  const { t } = useTranslation();
  if (problem === null) return null;
  return (
    <Alert severity={problem === 'expired' ? 'warning' : 'error'}>
      {t(problem === 'expired' ? 'hostedFields.expired' : 'hostedFields.unavailable')}
    </Alert>
  );
}

function CardFormBody({
  target,
  hostedFields,
  holderName,
  invalidates,
  onClose,
  onAdded,
  onHostedFieldsExpired,
}: AddMethodDialogProps) {
  const { t } = useTranslation();
  const describeError = useWalletError();
  const resolver = useMemo(
    () => contractResolver((c) => c.AddCreditCardRequestSchema.omit({ paymentToken: true })),
    [],
  );
  const form = useForm<CardForm>({
    resolver,
    defaultValues: {
      isDefault: false,
      cardHolderName: holderName,
      billingAddress: { street1: '', street2: '', city: '', state: '' },
      nickname: '',
      email: '',
    },
  });
  const command = useCommand({
    send: (request: CardForm & { paymentToken: string }, key: string) => addCreditCard(target, request, key),
    invalidates,
    form,
  });
  const { frame, busy, frameProblem, save } = useSave<CardForm>(
    'card',
    (values, paymentToken) => command.submit({ ...values, paymentToken }),
    onAdded,
  );
  return (
    <DialogContent>
      <PortalForm form={form} onSubmit={save} error={command.error} describeError={describeError}>
        <Stack spacing={2.5}>
          <section aria-labelledby="card-secure-heading">
            <Typography
              id="card-secure-heading"
              variant="subtitle1"
              component="h3"
              sx={{ fontWeight: 600, mb: 1 }}
            >
              {t('wallet.addDialog.cardSecure')}
            </Typography>
            <HostedFields
              kind="card"
              config={hostedFields}
              title={t('wallet.addDialog.cardFrameTitle')}
              ref={frame}
              onSubmitRequest={() => void form.handleSubmit(save)()}
              onExpired={onHostedFieldsExpired}
            />
            <FrameProblem problem={frameProblem} />
          </section>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
            {t('wallet.addDialog.holderHeading')}
          </Typography>
          <TextInput
            name="cardHolderName"
            field="cardHolderName"
            required
            autoComplete="cc-name"
            maxLength={100}
          />
          <TextInput
            name="billingAddress.street1"
            field="street1"
            required
            autoComplete="billing address-line1"
            maxLength={100}
          />
          <TextInput
            name="billingAddress.street2"
            field="street2"
            autoComplete="billing address-line2"
            maxLength={100}
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextInput
              name="billingAddress.city"
              field="city"
              required
              autoComplete="billing address-level2"
              maxLength={60}
            />
            <SelectInput
              name="billingAddress.state"
              field="state"
              required
              options={US_STATES.map((state) => ({
                value: state.code,
                label: `${state.code} – ${state.name}`,
              }))}
            />
          </Stack>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
            {t('wallet.addDialog.more')}
          </Typography>
          <TextInput
            name="nickname"
            field="nickname"
            help={t('wallet.addDialog.nicknameHelp')}
            maxLength={40}
            autoComplete="off"
          />
          <TextInput
            name="email"
            field="email"
            type="email"
            help={t('wallet.addDialog.emailHelp')}
            autoComplete="email"
            maxLength={254}
          />
          <CheckboxInput name="isDefault" field="isDefault" help={t('wallet.addDialog.defaultHelp')} />
        </Stack>
        <DialogActions sx={{ px: 0, pt: 3 }}>
          <Button onClick={onClose} disabled={busy}>
            {t('form.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {busy ? t('wallet.addDialog.saving') : t('wallet.addDialog.saveCard')}
          </Button>
        </DialogActions>
      </PortalForm>
    </DialogContent>
  );
}

function BankFormBody({
  target,
  hostedFields,
  holderName,
  invalidates,
  onClose,
  onAdded,
  onHostedFieldsExpired,
}: AddMethodDialogProps) {
  const { t } = useTranslation();
  const describeError = useWalletError();
  const resolver = useMemo(
    () => contractResolver((c) => c.AddBankAccountRequestSchema.omit({ paymentToken: true })),
    [],
  );
  const form = useForm<BankForm>({
    resolver,
    defaultValues: {
      isDefault: false,
      accountHolderName: holderName,
      accountHolderAddress: '',
      nickname: '',
      email: '',
    },
  });
  const command = useCommand({
    send: (request: BankForm & { paymentToken: string }, key: string) => addBankAccount(target, request, key),
    invalidates,
    form,
  });
  const { frame, busy, frameProblem, save } = useSave<BankForm>(
    'bankAccount',
    (values, paymentToken) => command.submit({ ...values, paymentToken }),
    onAdded,
  );
  return (
    <DialogContent>
      <PortalForm form={form} onSubmit={save} error={command.error} describeError={describeError}>
        <Stack spacing={2.5}>
          <section aria-labelledby="bank-secure-heading">
            <Typography
              id="bank-secure-heading"
              variant="subtitle1"
              component="h3"
              sx={{ fontWeight: 600, mb: 1 }}
            >
              {t('wallet.addDialog.bankSecure')}
            </Typography>
            <HostedFields
              kind="bankAccount"
              config={hostedFields}
              title={t('wallet.addDialog.bankFrameTitle')}
              ref={frame}
              onSubmitRequest={() => void form.handleSubmit(save)()}
              onExpired={onHostedFieldsExpired}
            />
            <FrameProblem problem={frameProblem} />
          </section>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
            {t('wallet.addDialog.accountHolderHeading')}
          </Typography>
          <TextInput
            name="accountHolderName"
            field="accountHolderName"
            required
            autoComplete="name"
            maxLength={100}
          />
          <TextInput
            name="accountHolderAddress"
            field="accountHolderAddress"
            autoComplete="street-address"
            maxLength={200}
          />
          <TextInput
            name="nickname"
            field="nickname"
            help={t('wallet.addDialog.nicknameHelp')}
            maxLength={40}
            autoComplete="off"
          />
          <TextInput
            name="email"
            field="email"
            type="email"
            help={t('wallet.addDialog.emailHelp')}
            autoComplete="email"
            maxLength={254}
          />
          <CheckboxInput name="isDefault" field="isDefault" help={t('wallet.addDialog.defaultHelp')} />
        </Stack>
        <DialogActions sx={{ px: 0, pt: 3 }}>
          <Button onClick={onClose} disabled={busy}>
            {t('form.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {busy ? t('wallet.addDialog.saving') : t('wallet.addDialog.saveBank')}
          </Button>
        </DialogActions>
      </PortalForm>
    </DialogContent>
  );
}
