import { useCallback, useState } from 'react';
import { apiBlob } from '../../lib/api';
import { saveBlob } from '../../lib/save-blob';

/** GET /api/v1/Document/:documentId/pdf in a language: the PDF the server generated. */
export const getDocumentPdf = (documentId: string, language: string): Promise<Blob> =>
  apiBlob(`/api/v1/Document/${encodeURIComponent(documentId)}/pdf?lang=${encodeURIComponent(language)}`);

/**
 * Opens or downloads a document's PDF. The API needs the bearer token, so the file is fetched and
 * handed to the browser as a blob: "view" opens a tab at once (inside the click, so no pop-up blocker
 * stops it) and points it at the file when it arrives; "download" saves it.
 */
export function useDocumentPdf(language: string) {
  const [busy, setBusy] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const run = useCallback(
    async (documentId: string, mode: 'view' | 'download', filename: string) => {
      const tab = mode === 'view' ? window.open('', '_blank') : null;
      setBusy(documentId);
      setFailed(null);
      try {
        const blob = await getDocumentPdf(documentId, language);
        if (tab) {
          tab.opener = null;
          tab.location.href = URL.createObjectURL(blob);
        } else {
          saveBlob(blob, filename);
        }
      } catch {
        tab?.close();
        setFailed(documentId);
      } finally {
        setBusy(null);
      }
    },
    [language],
  );
  return { run, busy, failed };
}
