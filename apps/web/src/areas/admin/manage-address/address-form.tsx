import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  ResidentialMoveRequestSchema,
  UpdateMailingAddressRequestSchema,
  type PolicyAddress,
  type PolicyAddresses,
  type ResidentialMoveRequest,
  type ServiceRequest,
  type UpdateMailingAddressResponse,
} from '@portal/contracts';
import { changeRouteFor, mailingZipNeedsWarning, residentialMove, truncateZip } from '@portal/domain';
import Box from '../../../kit/Box';
import Button from '../../../kit/Button';
import Stack from '../../../kit/Stack';
import Typography from '../../../kit/Typography';
import { useConfig } from '../../../config/config-context';
import {
  addressesKey,
  requestResidentialMove,
  updateMailingAddress,
  useZipLookup,
} from '../../../data/address/addresses';
import { serviceRequestsKey } from '../../../data/service-request/get-service-requests';
import { logClientEvent } from '../../../lib/client-log';
import { useSignedInViewer } from '../../../lib/viewer';
import { ExchangeNotice } from '../../../ui/exchange-notice';
import { DateInput, PortalForm, SelectInput, TextInput, useCommand, zodResolver } from '../../../ui/form';
import { conflictCurrent, PROBLEMS, ruleOf, useProblemText } from '../../../ui/problems';
import { US_STATES } from '../../../ui/us-states';

/** The form's values: an address as typed, with what was read (`addressId`, `version`) and, for a move, its date. */
type Values = ResidentialMoveRequest;

const valuesOf = (address: PolicyAddress | null): Values => ({
  street1: '',
  street2: '',
  city: '',
  state: address?.state ?? 'MA',
  zipCode: '',
  addressId: address?.addressId ?? null,
  version: address?.version ?? null,
  moveDate: '',
});

export const addressLine = (
  address: Pick<PolicyAddress, 'street1' | 'street2' | 'city' | 'state' | 'zipCode'>,
) =>
  [address.street1, address.street2, `${address.city}, ${address.state} ${address.zipCode}`]
    .filter(Boolean)
    .join(', ');

/** What the ZIP reference says of the ZIP being typed, with an offer to use its city. */
function ZipHint({ form, role }: { form: UseFormReturn<Values>; role: 'residential' | 'mailing' }) {
  const { t } = useTranslation();
  const { credentialKey } = useSignedInViewer();
  const [zipTyped, city, state] = useWatch({ control: form.control, name: ['zipCode', 'city', 'state'] });
  const zip = truncateZip(zipTyped.trim());
  const lookup = useZipLookup(credentialKey, zip);
  const found = lookup.data;
  // A city left empty takes the reference's, once per ZIP code (the member can still change or clear it).
  const filledFor = useRef<string | null>(null);
  useEffect(() => {
    if (found && filledFor.current !== found.zipCode && form.getValues('city').trim() === '') {
      filledFor.current = found.zipCode;
      form.setValue('city', found.city);
      form.setValue('state', found.state);
    }
  }, [found, form]);
  if (role === 'mailing' && mailingZipNeedsWarning(zipTyped)) {
    return (
      <Typography variant="body2" color="text.secondary" data-testid="zip-hint">
        {t('address.mailingZipEmpty')}
      </Typography>
    );
  }
  if (!/^[0-9]{5}$/.test(zip)) return null;
  return (
    <Box aria-live="polite" data-testid="zip-hint">
      {lookup.isFetching && !found ? (
        <Typography variant="body2">{t('address.zipLookingUp')}</Typography>
      ) : found ? (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
          <Typography variant="body2">
            {t('address.zipFound', {
              zip: found.zipCode,
              city: found.city,
              county: found.countyName,
              state: found.state,
            })}
          </Typography>
          {(found.city.toLowerCase() !== city.trim().toLowerCase() || found.state !== state) && (
            <Button
              size="small"
              onClick={() => {
                form.setValue('city', found.city, { shouldValidate: true });
                form.setValue('state', found.state, { shouldValidate: true });
              }}
            >
              {t('address.useCity', { city: found.city, state: found.state })}
            </Button>
          )}
        </Stack>
      ) : found === null ? (
        <Typography variant="body2" color="warning.dark">
          {t('address.zipUnknown', { zip })}
        </Typography>
      ) : null}
    </Box>
  );
}

export interface AddressFormProps {
  role: 'residential' | 'mailing';
  addresses: PolicyAddresses;
  onDone: (
    outcome:
      | { kind: 'mailing'; result: UpdateMailingAddressResponse }
      | { kind: 'residential'; result: ServiceRequest },
  ) => void;
  onCancel: () => void;
}

/**
 * A new mailing address (applied at once) or a move (a request for review). For an on-exchange policy, a
 * move the ZIP reference puts in another rating area is the exchange's: the form says so and offers the
 * exchange instead of a request (the server refuses it the same way, `report-to-exchange`).
 */
export function AddressForm({ role, addresses, onDone, onCancel }: AddressFormProps) {
  const { t } = useTranslation();
  const { credentialKey } = useSignedInViewer();
  const exchange = useConfig().account.exchange;
  const current = role === 'residential' ? addresses.residential : addresses.mailing;
  const schema = role === 'residential' ? ResidentialMoveRequestSchema : UpdateMailingAddressRequestSchema;
  const resolver = useMemo(() => zodResolver(schema), [schema]);
  const form = useForm<Values>({ resolver, defaultValues: valuesOf(current) });
  const [read, setRead] = useState<PolicyAddress | null>(current);
  const [conflictText, setConflictText] = useState('');
  const [exchangeCity, setExchangeCity] = useState<string | null>(null);
  const invalidates = () => [
    addressesKey(credentialKey, addresses.policyId),
    serviceRequestsKey(credentialKey),
  ];
  const mailing = useCommand({
    send: (body: Values, key: string) => updateMailingAddress(addresses.policyId, body, key),
    invalidates,
    form,
  });
  const move = useCommand({
    send: (body: Values, key: string) => requestResidentialMove(addresses.policyId, body, key),
    invalidates,
    form,
  });
  const command = role === 'residential' ? move : mailing;

  useEffect(() => {
    form.setFocus('street1');
  }, [form]);

  // For an on-exchange policy, where the ZIP being typed puts the home.
  const [zipTyped, cityTyped] = useWatch({ control: form.control, name: ['zipCode', 'city'] });
  const zip = truncateZip(zipTyped.trim());
  const lookup = useZipLookup(credentialKey, zip);
  const found = role === 'residential' && addresses.onExchange ? lookup.data : undefined;
  const toExchange =
    exchangeCity ??
    (found &&
    changeRouteFor(
      { offExchange: !addresses.onExchange },
      residentialMove(read ? { state: read.state, zipCode: read.zipCode } : null, {
        state: found.state,
        zipCode: found.zipCode,
      }),
    ) === 'exchange'
      ? cityTyped.trim() || found.city
      : null);

  const onSubmit = async (values: Values) => {
    setExchangeCity(null);
    const body = { ...values, addressId: read?.addressId ?? null, version: read?.version ?? null };
    if (role === 'mailing') {
      const rest = {
        street1: body.street1,
        street2: body.street2,
        city: body.city,
        state: body.state,
        zipCode: body.zipCode,
        addressId: body.addressId,
        version: body.version,
      };
      if (mailingZipNeedsWarning(rest.zipCode))
        logClientEvent({ level: 'warn', event: 'address.mailing-zip-empty' });
      const outcome = await mailing.attempt(rest);
      if (outcome.ok) onDone({ kind: 'mailing', result: outcome.result });
      else afterRefusal(outcome.error, values);
      return;
    }
    const outcome = await move.attempt(body);
    if (outcome.ok) onDone({ kind: 'residential', result: outcome.result });
    else afterRefusal(outcome.error, values);
  };
  const afterRefusal = (error: unknown, values: Values) => {
    if (ruleOf(error) === 'report-to-exchange') setExchangeCity(values.city);
    const conflict = conflictCurrent(error) as { address: PolicyAddress | null } | undefined;
    if (conflict) {
      setConflictText(conflict.address ? addressLine(conflict.address) : t('address.conflictNone'));
      setRead(conflict.address);
    }
  };
  const say = useProblemText(PROBLEMS.address);
  const describeError = (error: unknown) => say(error, { exchange: exchange.name, address: conflictText });
  const titleId = `${role}-form-title`;
  return (
    <PortalForm
      form={form}
      onSubmit={onSubmit}
      error={command.error}
      describeError={describeError}
      labelledBy={titleId}
    >
      <Typography id={titleId} variant="h6" component="h3" sx={{ mb: 2, fontSize: '1.1rem' }}>
        {role === 'residential' ? t('address.changeResidential') : t('address.changeMailing')}
      </Typography>
      <Stack spacing={2.5}>
        <TextInput
          name="street1"
          field="street1"
          autoComplete={`${role === 'mailing' ? 'billing' : 'shipping'} address-line1`}
          maxLength={100}
          required
        />
        <TextInput
          name="street2"
          field="street2"
          autoComplete={`${role === 'mailing' ? 'billing' : 'shipping'} address-line2`}
          maxLength={100}
        />
        <TextInput
          name="zipCode"
          field="zipCode"
          autoComplete={`${role === 'mailing' ? 'billing' : 'shipping'} postal-code`}
          inputMode="numeric"
          maxLength={10}
          required={role === 'residential'}
        />
        <ZipHint form={form} role={role} />
        {/* The ZIP hint may fill the city in: its label stays above the value (a value set by the form, not typed, would not move it). */}
        <TextInput
          name="city"
          field="city"
          autoComplete={`${role === 'mailing' ? 'billing' : 'shipping'} address-level2`}
          maxLength={60}
          required
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <SelectInput
          name="state"
          field="state"
          required
          options={US_STATES.map((state) => ({ value: state.code, label: `${state.code} – ${state.name}` }))}
        />
        {role === 'residential' && (
          <DateInput name="moveDate" field="moveDate" help={t('address.moveDateHelp')} />
        )}
        {toExchange !== null ? (
          <ExchangeNotice
            id="move-exchange-notice"
            title={t('address.exchangeTitle', { exchange: exchange.name })}
            body={t('address.exchangeBody', { exchange: exchange.name, city: toExchange })}
            contact={(phone) => t('address.exchangeContact', { exchange: exchange.name, phone })}
            phone={exchange.phone}
            linkLabel={t('address.exchangeLink', { exchange: exchange.name })}
            url={exchange.url}
          />
        ) : null}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
          {toExchange === null && (
            <Button type="submit" variant="contained" size="large" disabled={command.pending}>
              {role === 'residential' ? t('address.sendMove') : t('address.saveMailing')}
            </Button>
          )}
          <Button variant="outlined" size="large" onClick={onCancel}>
            {t('address.cancel')}
          </Button>
        </Stack>
      </Stack>
    </PortalForm>
  );
}
