import { apiBlob } from '../../lib/api';

/** `GET /api/v1/ServiceRequest/:id/attachments/:attachmentId`: a file attached to a request (fetched with the token). */
export const getAttachment = (requestId: string, attachmentId: string): Promise<Blob> =>
  apiBlob(
    `/api/v1/ServiceRequest/${encodeURIComponent(requestId)}/attachments/${encodeURIComponent(attachmentId)}`,
  );
