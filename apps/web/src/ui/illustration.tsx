import Box from '../kit/Box';

/**
 * A calm, decorative illustration (a lighthouse at rest) for full-page states such as the logged-out
 * and no-plans pages. Decorative: hidden from assistive technology; the heading says what happened.
 */
export function RestIllustration({ variant = 'moon' }: { variant?: 'moon' | 'sun' }) {
  const sky = variant === 'moon' ? '#dbe7ef' : '#fdf1d6';
  return (
    <Box
      component="svg"
      viewBox="0 0 200 140"
      aria-hidden="true"
      focusable="false"
      sx={{ width: { xs: 160, sm: 200 }, height: 'auto', display: 'block' }}
    >
      <rect x="0" y="0" width="200" height="140" rx="16" fill={sky} />
      {variant === 'moon' ? (
        <circle cx="158" cy="34" r="14" fill="#f7f3e3" />
      ) : (
        <circle cx="158" cy="34" r="16" fill="#f2c14e" />
      )}
      <path d="M0 112 Q50 100 100 112 T200 112 V140 H0 Z" fill="#0d5c63" opacity="0.85" />
      <path d="M82 112 L90 48 H110 L118 112 Z" fill="#ffffff" stroke="#0d5c63" strokeWidth="3" />
      <rect x="88" y="62" width="24" height="8" fill="#c0392b" />
      <rect x="86" y="84" width="28" height="8" fill="#c0392b" />
      <path d="M86 48 L100 34 L114 48 Z" fill="#0d5c63" />
      <rect x="94" y="40" width="12" height="8" fill="#f2c14e" />
    </Box>
  );
}
