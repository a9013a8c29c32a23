import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { cardExpiryStatus, type CalendarDate } from '@portal/domain';
import type { WalletItemUse } from '@portal/contracts';
import Box from '../../../kit/Box';
import Button from '../../../kit/Button';
import Chip from '../../../kit/Chip';
import Paper from '../../../kit/Paper';
import Stack from '../../../kit/Stack';
import Typography from '../../../kit/Typography';
import { useConfig } from '../../../config/config-context';
import { useFormatters, type Formatters } from '../../../ui/format';
import { visuallyHidden } from '../../../ui/visually-hidden';
import { BankIcon, BrandIcon } from './brand-icon';
import { methodName, methodTitle, type WalletMethod } from './wallet-model';

/** "Autopay “Monthly premium” on policy P-1" / "Scheduled payment of $125.00 on …": what a method pays for. */
export function useDescription(): (use: WalletItemUse) => string {
  const { t } = useTranslation();
  const format = useFormatters();
  return (use) => describeUse(t, format, use);
}

function describeUse(t: TFunction, format: Formatters, use: WalletItemUse): string {
  if (use.kind === 'autopay')
    return t('wallet.usedBy.autopay', { name: use.name ?? '', policy: use.policyNumber });
  const date = use.paymentDate ? format.date(use.paymentDate) : '';
  return use.amountCents === null
    ? t('wallet.usedBy.scheduledNoAmount', { date, policy: use.policyNumber })
    : t('wallet.usedBy.scheduled', { amount: format.money(use.amountCents), date, policy: use.policyNumber });
}

export interface MethodItemProps {
  method: WalletMethod;
  today: CalendarDate;
  canManage: boolean;
  busy: boolean;
  onMakeDefault: () => void;
  onEdit?: () => void;
  onRemove: () => void;
}

/** One saved method: what it is, whether it is the default or expiring, what pays with it, and its actions. */
export function MethodItem({
  method,
  today,
  canManage,
  busy,
  onMakeDefault,
  onEdit,
  onRemove,
}: MethodItemProps) {
  const { t } = useTranslation();
  const format = useFormatters();
  const config = useConfig();
  const name = methodName(t, method);
  const title = methodTitle(t, method);
  const describe = (use: WalletItemUse) => describeUse(t, format, use);
  const expiry =
    method.kind === 'card'
      ? cardExpiryStatus(
          method.item.expirationMonth,
          method.item.expirationYear,
          today,
          config.account.wallet.expiringSoonDays,
        )
      : null;
  const headingId = `method-${method.item.id}`;
  return (
    <Paper component="li" variant="outlined" sx={{ p: { xs: 2, sm: 2.5 }, listStyle: 'none' }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Box sx={{ pt: 0.5 }}>
          {method.kind === 'card' ? <BrandIcon brand={method.item.cardType} /> : <BankIcon />}
        </Box>
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
            <Typography
              id={headingId}
              variant="subtitle1"
              component="h3"
              sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
            >
              {title}
            </Typography>
            {method.item.isDefault && <Chip size="small" color="primary" label={t('wallet.default')} />}
            {expiry === 'expired' && <Chip size="small" color="error" label={t('wallet.card.expired')} />}
            {expiry === 'expiring-soon' && (
              <Chip
                size="small"
                color="warning"
                variant="outlined"
                label={t('wallet.card.expiringSoon')}
                sx={{ color: '#7a4100', borderColor: '#7a4100' }}
              />
            )}
          </Stack>
          {title !== name && <Typography variant="body2">{name}</Typography>}
          {method.kind === 'card' ? (
            <>
              <Typography
                variant="body2"
                sx={{ color: expiry === 'expired' ? 'error.dark' : 'text.secondary' }}
              >
                {t('wallet.card.expires', {
                  date: `${String(method.item.expirationMonth).padStart(2, '0')}/${method.item.expirationYear}`,
                })}
              </Typography>
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {t('wallet.card.holder')}: {method.item.cardHolderName}
              </Typography>
            </>
          ) : (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {[
                method.item.bankName,
                `${t('wallet.bank.routing')} ${t('wallet.bank.routingEnding', { last4: method.item.routingNumberLast4 })}`,
              ]
                .filter(Boolean)
                .join(' · ')}
            </Typography>
          )}
          {method.item.usedBy.length > 0 && (
            <Box sx={{ mt: 1 }}>
              <Typography variant="body2" component="p" sx={{ fontWeight: 600 }}>
                {t('wallet.usedBy.heading')}
              </Typography>
              <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                {method.item.usedBy.map((use) => (
                  <Typography key={use.id} component="li" variant="body2">
                    {describe(use)}
                  </Typography>
                ))}
              </Box>
            </Box>
          )}
          {canManage && (
            <Stack direction="row" spacing={1} sx={{ mt: 1.5, flexWrap: 'wrap', rowGap: 1 }}>
              {!method.item.isDefault && (
                <Button size="small" variant="outlined" disabled={busy} onClick={onMakeDefault}>
                  {t('wallet.makeDefault')}
                  <span style={visuallyHidden}> – {title}</span>
                </Button>
              )}
              {onEdit && (
                <Button size="small" variant="outlined" disabled={busy} onClick={onEdit}>
                  {t('wallet.edit')}
                  <span style={visuallyHidden}> – {title}</span>
                </Button>
              )}
              <Button size="small" color="error" variant="outlined" disabled={busy} onClick={onRemove}>
                {t('wallet.remove')}
                <span style={visuallyHidden}> – {title}</span>
              </Button>
            </Stack>
          )}
        </Box>
      </Stack>
    </Paper>
  );
}
