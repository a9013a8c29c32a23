import AccountBalanceOutlined from '@mui/icons-material/AccountBalanceOutlined';
import type { WalletCard } from '@portal/contracts';

/**
 * A small mark for each card brand (drawn here, not the brands' logos), beside the brand's name in
 * text: decorative, hidden from assistive technology.
 */
export function BrandIcon({ brand }: { brand: WalletCard['cardType'] }) {
  const common = {
    width: 48,
    height: 32,
    viewBox: '0 0 48 32',
    'aria-hidden': true,
    focusable: false,
    style: { flex: 'none' },
  } as const;
  switch (brand) {
    case 'Visa':
      return (
        <svg {...common}>
          <rect width="48" height="32" rx="4" fill="#1a1f71" />
          <text
            x="24"
            y="21"
            textAnchor="middle"
            fontFamily="Arial, sans-serif"
            fontSize="13"
            fontStyle="italic"
            fontWeight="700"
            fill="#ffffff"
          >
            VISA
          </text>
        </svg>
      );
    case 'Mastercard':
      return (
        <svg {...common}>
          <rect width="48" height="32" rx="4" fill="#232323" />
          <circle cx="19" cy="16" r="9" fill="#eb001b" />
          <circle cx="29" cy="16" r="9" fill="#f79e1b" fillOpacity="0.9" />
        </svg>
      );
    case 'Amex':
      return (
        <svg {...common}>
          <rect width="48" height="32" rx="4" fill="#1f72cd" />
          <text
            x="24"
            y="20"
            textAnchor="middle"
            fontFamily="Arial, sans-serif"
            fontSize="10"
            fontWeight="700"
            fill="#ffffff"
          >
            AMEX
          </text>
        </svg>
      );
    case 'Discover':
      return (
        <svg {...common}>
          <rect width="47" height="31" x="0.5" y="0.5" rx="4" fill="#ffffff" stroke="#8a8a8a" />
          <circle cx="33" cy="16" r="6" fill="#e8661c" />
          <text x="5" y="19" fontFamily="Arial, sans-serif" fontSize="7" fontWeight="700" fill="#231f20">
            DISC
          </text>
        </svg>
      );
  }
}

export function BankIcon() {
  return (
    <AccountBalanceOutlined
      aria-hidden
      sx={{ fontSize: 32, color: 'primary.main', flex: 'none', width: 48 }}
    />
  );
}
