import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { UpdateBankAccountRequestSchema, WalletBankAccount } from '@portal/contracts';
import Button from '../../../kit/Button';
import Dialog from '../../../kit/Dialog';
import DialogActions from '../../../kit/DialogActions';
import DialogContent from '../../../kit/DialogContent';
import DialogTitle from '../../../kit/DialogTitle';
import Stack from '../../../kit/Stack';
import Typography from '../../../kit/Typography';
import { updateBankAccount } from '../../../data/wallet/wallet-commands';
import { contractResolver, PortalForm, TextInput, useCommand } from '../../../ui/form';
import { useLayout } from '../../../ui/use-layout';
import { useWalletError } from './wallet-errors';

type EditForm = z.output<typeof UpdateBankAccountRequestSchema>;

export interface EditBankAccountDialogProps {
  account: WalletBankAccount;
  /** How the page names the account ("Checking account ending in 789"). */
  name: string;
  invalidates: () => readonly (readonly unknown[])[];
  onClose: () => void;
  /** Saved: the account as it is now called (its new nickname, else its name). */
  onSaved: (title: string) => void;
}

/** SPEC §4 Wallet "rename bank account": nickname and holder details (SPEC §7 update-bank-account). */
export function EditBankAccountDialog({
  account,
  name,
  invalidates,
  onClose,
  onSaved,
}: EditBankAccountDialogProps) {
  const { t } = useTranslation();
  const { narrow } = useLayout();
  const describeError = useWalletError();
  const resolver = useMemo(() => contractResolver((c) => c.UpdateBankAccountRequestSchema), []);
  const form = useForm<EditForm>({
    resolver,
    defaultValues: {
      itemId: account.id,
      nickname: account.nickname ?? '',
      accountHolderName: account.accountHolderName,
      accountHolderAddress: account.accountHolderAddress ?? '',
      email: account.email ?? '',
    },
  });
  const command = useCommand({
    send: (request: EditForm, key: string) => updateBankAccount(request, key),
    invalidates,
    form,
  });
  const save = async (values: EditForm) => {
    if (await command.submit(values)) onSaved(values.nickname === '' ? name : values.nickname);
  };
  return (
    <Dialog
      open
      onClose={onClose}
      fullScreen={narrow}
      fullWidth
      maxWidth="sm"
      aria-labelledby="edit-bank-title"
    >
      <DialogTitle id="edit-bank-title">{t('wallet.editDialog.title', { method: name })}</DialogTitle>
      <DialogContent>
        <PortalForm form={form} onSubmit={save} error={command.error} describeError={describeError}>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            <Typography variant="body2">{t('wallet.editDialog.intro')}</Typography>
            <TextInput
              name="nickname"
              field="nickname"
              help={t('wallet.addDialog.nicknameHelp')}
              maxLength={40}
              autoComplete="off"
            />
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
              name="email"
              field="email"
              type="email"
              help={t('wallet.addDialog.emailHelp')}
              autoComplete="email"
              maxLength={254}
            />
          </Stack>
          <DialogActions sx={{ px: 0, pt: 3 }}>
            <Button onClick={onClose} disabled={command.pending}>
              {t('form.cancel')}
            </Button>
            <Button type="submit" variant="contained" disabled={command.pending}>
              {command.pending ? t('form.saving') : t('wallet.editDialog.save')}
            </Button>
          </DialogActions>
        </PortalForm>
      </DialogContent>
    </Dialog>
  );
}
