import { Link as RouterLink } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Alert from '../../kit/Alert';
import Link from '../../kit/Link';
import { paperlessQueryOptions } from '../../data/paperless/get-paperless';
import { useSignedInViewer } from '../../lib/viewer';
import { DocumentsPage } from './documents-page';

/**
 * SPEC §2 /documents/tax: a copy of the Marketplace's 1095-A (on-exchange coverage), the issuer's 1095-B
 * (off-exchange and group coverage) and the tenant's other configured tax forms (SPEC §9). Whether the
 * member consented to electronic-only tax forms is said here (DOMAIN "Paperless").
 */
export default function TaxFormsPage() {
  const { t } = useTranslation();
  const viewer = useSignedInViewer();
  const householdId = viewer.household.households[0]?.household.id ?? null;
  const paperless = useQuery({
    ...paperlessQueryOptions(viewer.credentialKey, householdId ?? ''),
    enabled: householdId !== null,
    meta: { redirectOnError: false },
  });
  const electronic = paperless.data?.delivery.taxForms === 'electronic';
  return (
    <DocumentsPage type="tax">
      {paperless.data && (
        <Alert severity="info">
          {electronic ? t('documents.tax.electronicOnly') : t('documents.tax.mailed')}{' '}
          {viewer.session.kind === 'member' && (
            <Link component={RouterLink} to="/admin/paperless-settings">
              {t('documents.tax.paperlessLink')}
            </Link>
          )}
        </Alert>
      )}
    </DocumentsPage>
  );
}
