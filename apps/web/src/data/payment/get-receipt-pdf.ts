import { useCallback, useState } from 'react';
import { apiBlob } from '../../lib/api';
import { saveBlob } from '../../lib/save-blob';

/** GET /api/v1/Payment/:paymentId/receipt.pdf in a language: the printable receipt the server generated. */
export const getReceiptPdf = (paymentId: string, language: string): Promise<Blob> =>
  apiBlob(
    `/api/v1/Payment/${encodeURIComponent(paymentId)}/receipt.pdf?lang=${encodeURIComponent(language)}`,
  );

/** The server's name for the file: `receipt-<transaction id>.pdf`. */
export const receiptPdfFilename = (transactionId: string): string =>
  `receipt-${transactionId.replace(/[^A-Za-z0-9._-]/g, '_')}.pdf`;

/**
 * Downloads a payment's receipt PDF. The API needs the bearer token, so the file is fetched and handed
 * to the browser as a blob to save (as the documents' PDFs are).
 */
export function useReceiptPdf(language: string) {
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const download = useCallback(
    async (paymentId: string, transactionId: string) => {
      setBusy(true);
      setFailed(false);
      try {
        saveBlob(await getReceiptPdf(paymentId, language), receiptPdfFilename(transactionId));
      } catch {
        setFailed(true);
      } finally {
        setBusy(false);
      }
    },
    [language],
  );
  return { download, busy, failed };
}
