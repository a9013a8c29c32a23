import { DocumentsPage } from './documents-page';

/** SPEC §2 /documents/notice. */
export default function NoticesPage() {
  return <DocumentsPage type="notice" />;
}
