import { useTranslation } from 'react-i18next';
import type { WalletBankAccount } from '@portal/contracts';
import type { CalendarDate } from '@portal/domain';
import Box from '../../../kit/Box';
import Stack from '../../../kit/Stack';
import Typography from '../../../kit/Typography';
import { MethodItem } from './method-item';
import type { WalletMethod } from './wallet-model';

/**
 * The wallet's cards, or its bank accounts: a section named by its h2, each method with what may be done
 * with it (make it the default, rename a bank account, remove), or a line saying there is none.
 */
export function WalletMethodSection({
  kind,
  methods,
  today,
  canManage,
  busy,
  onMakeDefault,
  onEdit,
  onRemove,
}: {
  kind: 'card' | 'bankAccount';
  methods: WalletMethod[];
  today: CalendarDate;
  canManage: boolean;
  busy: boolean;
  onMakeDefault: (method: WalletMethod) => void;
  onEdit: (account: WalletBankAccount) => void;
  onRemove: (method: WalletMethod) => void;
}) {
  const { t } = useTranslation();
  const headingId = `wallet-${kind}-heading`;
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="h5" component="h2" sx={{ mb: 1.5 }}>
        {t(kind === 'card' ? 'wallet.cards.heading' : 'wallet.bankAccounts.heading')}
      </Typography>
      {methods.length === 0 ? (
        <Typography sx={{ color: 'text.secondary' }}>
          {t(kind === 'card' ? 'wallet.cards.empty' : 'wallet.bankAccounts.empty')}
        </Typography>
      ) : (
        <Stack component="ul" spacing={1.5} sx={{ m: 0, p: 0 }}>
          {methods.map((method) => (
            <MethodItem
              key={method.item.id}
              method={method}
              today={today}
              canManage={canManage}
              busy={busy}
              onMakeDefault={() => {
                onMakeDefault(method);
              }}
              {...(method.kind === 'bankAccount'
                ? {
                    onEdit: () => {
                      onEdit(method.item);
                    },
                  }
                : {})}
              onRemove={() => {
                onRemove(method);
              }}
            />
          ))}
        </Stack>
      )}
    </Box>
  );
}
