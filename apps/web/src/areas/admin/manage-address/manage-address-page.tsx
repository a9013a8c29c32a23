import { useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PolicyAddress, PolicyAddresses } from '@portal/contracts';
import Alert from '../../../kit/Alert';
import Box from '../../../kit/Box';
import Button from '../../../kit/Button';
import Link from '../../../kit/Link';
import Paper from '../../../kit/Paper';
import Skeleton from '../../../kit/Skeleton';
import Stack from '../../../kit/Stack';
import Typography from '../../../kit/Typography';
import { useAddresses } from '../../../data/address/addresses';
import { useServiceRequests } from '../../../data/service-request/get-service-requests';
import { loose } from '../../../i18n/loose';
import { useSignedInViewer } from '../../../lib/viewer';
import { PolicySelector, useSelectedPolicy } from '../../../ui/policy-selector';
import { AddressForm } from './address-form';

/** An address as the page shows it: the lines, the county and FIPS code, the rating area, who shares it. */
function AddressFacts({ address, showRatingArea }: { address: PolicyAddress; showRatingArea: boolean }) {
  const { t } = useTranslation();
  const lt = loose(t);
  return (
    <Box>
      <Typography component="p" sx={{ fontWeight: 500 }}>
        {address.street1}
        {address.street2 ? `, ${address.street2}` : ''}
        <br />
        {address.city}, {address.state} {address.zipCode}
      </Typography>
      {address.countyName && (
        <Typography variant="body2" color="text.secondary">
          {t('address.county', { county: address.countyName, fips: address.fipsCode ?? '—' })}
          {showRatingArea && address.ratingArea !== null
            ? ` · ${t('address.ratingArea', { area: address.ratingArea })}`
            : ''}
        </Typography>
      )}
      {address.sharedWith.length > 0 && (
        <Typography variant="body2" sx={{ mt: 1 }}>
          {t('address.sharedWith', {
            policies: address.sharedWith
              .map((other) =>
                t('address.sharedPolicy', {
                  line: lt(`lineOfCoverage.${other.lineOfCoverage}`, { defaultValue: other.lineOfCoverage }),
                  number: other.policyNumber,
                }),
              )
              .join(', '),
          })}
        </Typography>
      )}
    </Box>
  );
}

interface SectionProps {
  role: 'residential' | 'mailing';
  addresses: PolicyAddresses;
  canChange: boolean;
  householdId: string | null;
}

/** One address with its change form (opened by its button; focus goes back to it when closed). */
function AddressSection({ role, addresses, canChange, householdId }: SectionProps) {
  const { t } = useTranslation();
  const viewer = useSignedInViewer();
  const [editing, setEditing] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const messageRef = useRef<HTMLDivElement>(null);
  const address = role === 'residential' ? addresses.residential : addresses.mailing;
  const open = useServiceRequests(viewer.credentialKey, role === 'residential' ? householdId : null, {
    policyId: addresses.policyId,
    status: 'open',
  });
  const pendingMove = open.data?.items.find((request) => request.type === 'residential-address');
  const headingId = `${role}-address-heading`;
  const close = () => {
    setEditing(false);
    setTimeout(() => opener.current?.focus(), 0);
  };
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 1 }}>
        {role === 'residential' ? t('address.residentialTitle') : t('address.mailingTitle')}
      </Typography>
      {address ? (
        <AddressFacts address={address} showRatingArea={role === 'residential'} />
      ) : (
        <Typography>{role === 'mailing' ? t('address.mailingSameAsHome') : t('address.none')}</Typography>
      )}
      {pendingMove && (
        <Alert severity="info" sx={{ mt: 2 }}>
          {t('address.pendingMove', { reference: pendingMove.referenceNumber })}
        </Alert>
      )}
      {message && (
        <Alert
          severity="success"
          role="status"
          sx={{ mt: 2 }}
          ref={messageRef}
          tabIndex={-1}
          data-testid={`${role}-address-done`}
        >
          {message}{' '}
          <Link component={RouterLink} to="/admin/policy-selection/service-requests">
            {t('address.historyLink')}
          </Link>
        </Alert>
      )}
      {canChange &&
        (editing ? (
          <Box sx={{ mt: 2 }}>
            <AddressForm
              role={role}
              addresses={addresses}
              onCancel={close}
              onDone={(outcome) => {
                setEditing(false);
                setMessage(
                  outcome.kind === 'mailing'
                    ? outcome.result.zipFilledIn
                      ? t('address.mailingSavedZip', {
                          zip: outcome.result.zipFilledIn,
                          reference: outcome.result.request.referenceNumber,
                        })
                      : t('address.mailingSaved', { reference: outcome.result.request.referenceNumber })
                    : t('address.moveSent', { reference: outcome.result.referenceNumber }),
                );
                setTimeout(() => messageRef.current?.focus(), 0);
              }}
            />
          </Box>
        ) : (
          <Button
            ref={opener}
            variant="outlined"
            sx={{ mt: 2 }}
            onClick={() => {
              setMessage(null);
              setEditing(true);
            }}
          >
            {role === 'residential' ? t('address.changeResidential') : t('address.changeMailing')}
          </Button>
        ))}
    </Paper>
  );
}

/**
 * SPEC §2 /admin/policy-selection/manage-address (issue 11; SPEC §3 Address, §5 zip): the selected
 * policy's residential and mailing addresses with their county, FIPS code and rating area. A new mailing
 * address is used at once; a move is a request for review — or, for an on-exchange policy moving to
 * another rating area, reported to the exchange (`changeRouteFor`). The household's other policies that
 * share an address are named: a change applies to them too (docs/decisions/022).
 */
export default function ManageAddressPage() {
  const { t } = useTranslation();
  const viewer = useSignedInViewer();
  const { policy, choices } = useSelectedPolicy(
    viewer.policies,
    (candidate) => candidate.lineOfCoverage === 'Medical',
  );
  const addresses = useAddresses(viewer.credentialKey, policy?.id ?? null);
  const canChange = viewer.session.actions.includes('manage-address');
  return (
    <Stack spacing={3} sx={{ maxWidth: 760 }}>
      <Box>
        <Typography variant="h4" component="h1" sx={{ mb: 1 }}>
          {t('address.title')}
        </Typography>
        <Typography>{t('address.intro')}</Typography>
      </Box>
      <PolicySelector choices={choices} selected={policy} />
      {!policy ? (
        <Alert severity="info">{t('address.noPolicy')}</Alert>
      ) : addresses.isError && !addresses.data ? (
        <Alert severity="warning">{t('address.unavailable')}</Alert>
      ) : !addresses.data ? (
        <Box role="status" aria-label={t('app.loading')}>
          <Skeleton variant="rounded" height={320} />
        </Box>
      ) : (
        <>
          <AddressSection
            key={`r:${policy.id}`}
            role="residential"
            addresses={addresses.data}
            canChange={canChange}
            householdId={policy.householdId}
          />
          <AddressSection
            key={`m:${policy.id}`}
            role="mailing"
            addresses={addresses.data}
            canChange={canChange}
            householdId={policy.householdId}
          />
          <Typography>
            <Link component={RouterLink} to="/admin/policy-selection/contact-info">
              {t('contactInfo.title')}
            </Link>
            {' · '}
            <Link component={RouterLink} to="/admin/demographics">
              {t('contactInfo.demographicsLink')}
            </Link>
          </Typography>
        </>
      )}
    </Stack>
  );
}
