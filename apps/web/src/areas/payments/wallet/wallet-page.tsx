import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TokenizedMethod, WalletBankAccount } from '@portal/contracts';
import { canAddWalletMethod } from '@portal/domain';
import AddCardOutlined from '@mui/icons-material/AddCardOutlined';
import AccountBalanceOutlined from '@mui/icons-material/AccountBalanceOutlined';
import Alert from '../../../kit/Alert';
import Button from '../../../kit/Button';
import Stack from '../../../kit/Stack';
import Typography from '../../../kit/Typography';
import { useConfig } from '../../../config/config-context';
import { useHostedFields } from '../../../data/processor/get-hosted-fields';
import { useWallet } from '../../../data/wallet/get-wallet';
import {
  makeDefaultMethod,
  removeWalletMethod,
  type WalletTarget,
} from '../../../data/wallet/wallet-commands';
import { useSignedInViewer } from '../../../lib/viewer';
import { useCommand } from '../../../ui/form';
import { useSnackbar } from '../../../ui/snackbar';
import { AddMethodDialog } from './add-method-dialog';
import { EditBankAccountDialog } from './edit-bank-account-dialog';
import { RemoveMethodDialog } from './remove-method-dialog';
import { WalletMethodSection } from './wallet-method-section';
import { useWalletError } from './wallet-errors';
import { BRAND_NAMES, methodName, methodTitle, walletContext, type WalletMethod } from './wallet-model';
import { LoadingNotice, LoadFailedNotice } from '../../../ui/notices';

function PageFrame({ children }: { children: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={3} sx={{ maxWidth: 880 }}>
      <Typography variant="h4" component="h1">
        {t('wallet.title')}
      </Typography>
      {children}
    </Stack>
  );
}

/** Adding a card or a bank account, as the tenant accepts them; off at the wallet's limit or without the hosted fields. */
function AddMethodButtons({
  accepts,
  enabled,
  onAdd,
}: {
  accepts: readonly string[];
  enabled: boolean;
  onAdd: (kind: 'card' | 'bankAccount') => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
      {accepts.includes('CardPayments') && (
        <Button
          variant="contained"
          startIcon={<AddCardOutlined />}
          disabled={!enabled}
          onClick={() => {
            onAdd('card');
          }}
        >
          {t('wallet.addCard')}
        </Button>
      )}
      {accepts.includes('CheckingOrSavings') && (
        <Button
          variant="outlined"
          startIcon={<AccountBalanceOutlined />}
          disabled={!enabled}
          onClick={() => {
            onAdd('bankAccount');
          }}
        >
          {t('wallet.addBankAccount')}
        </Button>
      )}
    </Stack>
  );
}

/**
 * /payments/wallet (SPEC §2, §3 Wallet, §4 "Wallet: add, remove, make default, rename bank account"):
 * the household's saved cards (brand, last four digits, expiry; expired or expiring soon flagged) and
 * bank accounts (nickname, type, last three digits), the default marked. Members and staff acting for
 * them (role action `manage-wallet`) add either kind through the processor's hosted fields, make one
 * the default, rename a bank account, and remove one after confirming. Guests have no wallet.
 */
export function WalletPage() {
  const { t, i18n } = useTranslation();
  const viewer = useSignedInViewer();
  const config = useConfig();
  const snackbar = useSnackbar();
  const describeError = useWalletError();
  const context = walletContext(viewer);
  const wallet = useWallet(viewer.credentialKey, context.guest ? null : context.referenceId);
  const hostedFields = useHostedFields(viewer.credentialKey, i18n.language);
  // The page may have been open a while: the dialog frames hosted fields in a session not near its end.
  const openAdd = (kind: 'card' | 'bankAccount') => {
    if (hostedFields.isStale) void hostedFields.refetch();
    setAdding(kind);
  };
  const [adding, setAdding] = useState<'card' | 'bankAccount' | null>(null);
  const [editing, setEditing] = useState<WalletBankAccount | null>(null);
  const [removing, setRemoving] = useState<WalletMethod | null>(null);
  const listHeading = useRef<HTMLHeadingElement>(null);

  const invalidates = () => [
    ['wallet', viewer.credentialKey],
    ['household-user', viewer.credentialKey],
  ];
  const makeDefault = useCommand({
    send: (input: { walletId: string; method: WalletMethod }, key: string) =>
      makeDefaultMethod(input.walletId, { isDefault: true, itemId: input.method.item.id }, key),
    invalidates,
  });
  const remove = useCommand({
    send: (input: { walletId: string; method: WalletMethod }, key: string) =>
      removeWalletMethod(input.walletId, input.method.kind, input.method.item.id, key),
    invalidates,
  });

  if (context.guest) {
    return (
      <PageFrame>
        <Alert severity="info">{t('wallet.guest')}</Alert>
      </PageFrame>
    );
  }
  if (context.householdId === null) {
    // Staff see a wallet once they have looked a member up (SPEC §2 member search).
    const findMember = viewer.session.kind === 'staff' && viewer.actingFor === null;
    return (
      <PageFrame>
        <Alert severity="info">{findMember ? t('overview.findMember.body') : t('wallet.noHousehold')}</Alert>
      </PageFrame>
    );
  }
  if (context.referenceId !== null && wallet.isPending) {
    return (
      <PageFrame>
        <LoadingNotice label={t('wallet.loading')} />
      </PageFrame>
    );
  }
  if (context.referenceId !== null && wallet.isError) {
    return (
      <PageFrame>
        <LoadFailedNotice message={t('wallet.loadError')} retry={() => void wallet.refetch()} />
      </PageFrame>
    );
  }

  const data = context.referenceId !== null ? wallet.data : undefined;
  const cards: WalletMethod[] = (data?.creditCards ?? []).map((item) => ({ kind: 'card', item }));
  const banks: WalletMethod[] = (data?.bankAccounts ?? []).map((item) => ({ kind: 'bankAccount', item }));
  const maximum = config.account.wallet.maxPaymentMethods;
  const canAdd = canAddWalletMethod(cards.length + banks.length, maximum);
  const accepts = config.account.payments.paymentTypes;
  const target: WalletTarget = data ? { walletId: data.id } : { householdId: context.householdId };
  const busy = makeDefault.pending || remove.pending;

  const onAdded = (method: TokenizedMethod) => {
    setAdding(null);
    const name =
      method.kind === 'card'
        ? t('wallet.card.name', { brand: BRAND_NAMES[method.brand], last4: method.last4 })
        : t('wallet.bank.name', {
            type: t(`wallet.accountTypes.${method.accountType}`),
            last3: method.last3,
          });
    snackbar.show(t('wallet.addDialog.added', { method: name }));
  };
  const onMakeDefault = async (method: WalletMethod) => {
    if (!data) return;
    if (await makeDefault.submit({ walletId: data.id, method }))
      snackbar.show(t('wallet.madeDefault', { method: methodTitle(t, method) }));
  };
  const onRemove = async () => {
    if (!data || !removing) return;
    if (await remove.submit({ walletId: data.id, method: removing })) {
      snackbar.show(t('wallet.removeDialog.removed', { method: methodTitle(t, removing) }));
      setRemoving(null);
      listHeading.current?.focus();
    }
  };

  const sectionProps = {
    today: context.today,
    canManage: context.canManage,
    busy,
    onMakeDefault: (method: WalletMethod) => void onMakeDefault(method),
    onEdit: setEditing,
    onRemove: (method: WalletMethod) => {
      remove.reset();
      setRemoving(method);
    },
  };

  return (
    <PageFrame>
      <Typography>{t('wallet.intro')}</Typography>
      <Typography
        ref={listHeading}
        tabIndex={-1}
        variant="body2"
        sx={{ color: 'text.secondary', outline: 'none' }}
      >
        {canAdd ? t('wallet.limit', { maximum }) : t('wallet.limitReached', { maximum })}
      </Typography>
      {context.canManage ? (
        <AddMethodButtons accepts={accepts} enabled={canAdd && Boolean(hostedFields.data)} onAdd={openAdd} />
      ) : (
        <Alert severity="info">{t('wallet.viewOnly')}</Alert>
      )}
      {hostedFields.isError && context.canManage && (
        <Alert severity="error">{t('hostedFields.unavailable')}</Alert>
      )}
      {makeDefault.error !== null && makeDefault.error !== undefined && (
        <Alert severity="error" role="alert">
          {describeError(makeDefault.error)}
        </Alert>
      )}
      <WalletMethodSection kind="card" methods={cards} {...sectionProps} />
      <WalletMethodSection kind="bankAccount" methods={banks} {...sectionProps} />

      {adding && hostedFields.data && (
        <AddMethodDialog
          key={`${adding}-${i18n.language}`}
          open
          kind={adding}
          target={target}
          hostedFields={hostedFields.data}
          holderName={context.holderName}
          invalidates={invalidates}
          onClose={() => {
            setAdding(null);
          }}
          onAdded={onAdded}
          onHostedFieldsExpired={() => void hostedFields.refetch()}
        />
      )}
      {editing && (
        <EditBankAccountDialog
          account={editing}
          name={methodName(t, { kind: 'bankAccount', item: editing })}
          invalidates={invalidates}
          onClose={() => {
            setEditing(null);
          }}
          onSaved={(title) => {
            snackbar.show(t('wallet.editDialog.saved', { method: title }));
            setEditing(null);
          }}
        />
      )}
      {removing && (
        <RemoveMethodDialog
          method={removing}
          name={methodTitle(t, removing)}
          busy={remove.pending}
          error={remove.error ? describeError(remove.error) : null}
          onCancel={() => {
            setRemoving(null);
          }}
          onConfirm={() => void onRemove()}
        />
      )}
    </PageFrame>
  );
}

export default WalletPage;
