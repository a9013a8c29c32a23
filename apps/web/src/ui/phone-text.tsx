import Box from '../kit/Box';

/** Stands for the phone number in a translated sentence (`t(key, { phone: PHONE_MARK })`), so the number can be laid out on its own. */
export const PHONE_MARK = '\u0000';

/**
 * A translated sentence with its phone number kept on one line (a number like 1-877-623-6765 otherwise
 * breaks at its hyphens on a phone) and dialable.
 */
export function PhoneText({ sentence, phone }: { sentence: string; phone: string }) {
  const [before = '', after = ''] = sentence.split(PHONE_MARK);
  return (
    <>
      {before}
      <Box
        component="a"
        href={`tel:${phone.replace(/[^0-9+]/g, '')}`}
        sx={{ color: 'inherit', whiteSpace: 'nowrap' }}
      >
        {phone}
      </Box>
      {after}
    </>
  );
}
