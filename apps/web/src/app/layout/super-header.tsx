import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import PhoneIcon from '@mui/icons-material/Phone';
import { useConfig } from '../../config/config-context';

/** Stands for the phone number in the translated sentence, so the number can be laid out on its own. */
const PHONE_MARK = '\u0000';

/**
 * The sentence with its phone number kept on one line (issue 11: at 375 px `1-800-555-0142` broke at its
 * hyphens) and dialable on a phone.
 */
function CallUs({ sentence, phone }: { sentence: string; phone: string }) {
  const [before = '', after = ''] = sentence.split(PHONE_MARK);
  return (
    <>
      {before}
      <Box component="a" href={`tel:${phone.replace(/[^0-9+]/g, '')}`} sx={{ color: 'inherit', whiteSpace: 'nowrap' }}>
        {phone}
      </Box>
      {after}
    </>
  );
}

/**
 * SPEC §2 optional super header (displaySuperHeader) with configurable colours: text white and icon
 * teal unless configured. theme.json's `superHeader` colours win over account.json's, so a tenant can
 * keep all its colours in the theme.
 */
export function SuperHeader() {
  const { t } = useTranslation();
  const { account, theme } = useConfig();
  if (!account.header.displaySuperHeader) return null;
  const background = theme.superHeader.backgroundColor ?? account.header.superHeaderColor;
  const text = theme.superHeader.textColor ?? account.header.superHeaderTextColor;
  const icon = theme.superHeader.iconColor ?? account.header.superHeaderIconColor;
  const phone = account.tenant.supportPhone;
  return (
    <Box sx={{ bgcolor: background, color: text, px: 2, py: 0.5, display: 'flex', alignItems: 'center', gap: 1, minHeight: 32 }}>
      <PhoneIcon fontSize="small" sx={{ color: icon }} aria-hidden="true" />
      <Typography variant="body2" component="p" sx={{ m: 0 }}>
        {phone ? <CallUs sentence={t('superHeader.callUs', { phone: PHONE_MARK })} phone={phone} /> : t('superHeader.welcome', { issuer: account.tenant.issuerName })}
      </Typography>
    </Box>
  );
}
