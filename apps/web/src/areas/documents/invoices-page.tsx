import { DocumentsPage } from './documents-page';

/** SPEC §2 /documents/invoice. */
export default function InvoicesPage() {
  return <DocumentsPage type="invoice" />;
}
