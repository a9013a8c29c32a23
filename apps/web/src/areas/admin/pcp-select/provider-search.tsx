import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { Provider, ProviderSearchQuery } from '@portal/contracts';
import { PCP_SEARCH_RADII_MILES, PCP_SPECIALTIES } from '@portal/domain';
import Box from '../../../kit/Box';
import Button from '../../../kit/Button';
import Chip from '../../../kit/Chip';
import Link from '../../../kit/Link';
import Paper from '../../../kit/Paper';
import Stack from '../../../kit/Stack';
import Typography from '../../../kit/Typography';
import { useProviderSearch } from '../../../data/pcp/get-pcp';
import { useSignedInViewer } from '../../../lib/viewer';
import { CheckboxInput, PortalForm, SelectInput, TextInput, zodResolver } from '../../../ui/form';
import { useFormatters } from '../../../ui/format';
import { Pager } from '../../../ui/pager';

import { useProviderText } from './provider-text';
import { fieldProblems } from '../../../ui/problems';
import { LoadingNotice, LoadFailedNotice } from '../../../ui/notices';

const ANY = '';

/** The search form: every criterion optional; a distance is measured from a ZIP code. */
const SearchFormSchema = z.object({
  providerSearchName: z
    .string()
    .trim()
    .max(50)
    .regex(/^([\p{L}][\p{L}\p{M}' .&-]*)?$/u),
  providerSpecialty: z.string(),
  providerLanguage: z.string(),
  searchZipCode: z
    .string()
    .trim()
    .regex(/^([0-9]{5})?$/),
  searchRadius: z.string(),
  acceptingNewPatients: z.boolean(),
});
type SearchForm = z.infer<typeof SearchFormSchema>;

const PAGE_SIZES = [10, 20, 50];

function queryOf(values: SearchForm, network: string | null, pageSize: number): ProviderSearchQuery {
  return {
    ...(values.providerSearchName.trim() ? { name: values.providerSearchName.trim() } : {}),
    ...(values.providerSpecialty
      ? { specialty: values.providerSpecialty as ProviderSearchQuery['specialty'] }
      : {}),
    ...(values.providerLanguage
      ? { language: values.providerLanguage as ProviderSearchQuery['language'] }
      : {}),
    ...(values.searchZipCode.trim()
      ? { zipCode: values.searchZipCode.trim(), radiusMiles: Number(values.searchRadius) }
      : {}),
    ...(network ? { network } : {}),
    ...(values.acceptingNewPatients ? { acceptingNewPatients: 'true' as const } : {}),
    page: 1,
    pageSize,
  };
}

/** One practitioner of the results: who, what, where, how far, languages, new patients; and choosing them. */
function ProviderCard({
  provider,
  onChoose,
  canChoose,
}: {
  provider: Provider;
  onChoose: (provider: Provider) => void;
  canChoose: boolean;
}) {
  const { t } = useTranslation();
  const format = useFormatters();
  const text = useProviderText();
  const headingId = `provider-${provider.npi}`;
  const { street1, street2, city, state, zipCode } = provider.address;
  return (
    <Paper
      component="li"
      variant="outlined"
      aria-labelledby={headingId}
      sx={{ p: 2, listStyle: 'none', display: 'flex', flexDirection: 'column', gap: 1 }}
    >
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: 1,
          alignItems: 'baseline',
          justifyContent: 'space-between',
        }}
      >
        <Typography id={headingId} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {text.name(provider)}
        </Typography>
        <Chip
          size="small"
          variant={provider.acceptingNewPatients ? 'filled' : 'outlined'}
          color={provider.acceptingNewPatients ? 'success' : 'default'}
          label={provider.acceptingNewPatients ? t('pcpSelect.accepting') : t('pcpSelect.notAccepting')}
        />
      </Box>
      <Typography>
        {t(`pcpSelect.specialty.${provider.specialty}`)} · {provider.practiceName}
      </Typography>
      <Typography variant="body2">
        {street1}
        {street2 ? `, ${street2}` : ''}, {city}, {state} {zipCode}
        {provider.distanceMiles !== null && (
          <Box component="span" sx={{ fontWeight: 600 }}>
            {' · '}
            {t('pcpSelect.distance', { miles: format.number(provider.distanceMiles) })}
          </Box>
        )}
      </Typography>
      <Typography variant="body2">
        {t('pcpSelect.phone')}{' '}
        <Link href={`tel:${provider.phone.replace(/[^0-9]/g, '')}`} sx={{ whiteSpace: 'nowrap' }}>
          {provider.phone}
        </Link>
      </Typography>
      <Typography variant="body2">
        {t('pcpSelect.speaks', { languages: text.languages(provider.languages) })}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('pcpSelect.npi', { npi: provider.npi })}
      </Typography>
      {canChoose && (
        <Box>
          <Button
            variant="contained"
            disabled={!provider.acceptingNewPatients}
            onClick={() => {
              onChoose(provider);
            }}
          >
            {t('pcpSelect.choose')}
            <Box
              component="span"
              sx={{
                position: 'absolute',
                width: 1,
                height: 1,
                overflow: 'hidden',
                clip: 'rect(0 0 0 0)',
                whiteSpace: 'nowrap',
              }}
            >
              {` – ${text.name(provider)}`}
            </Box>
          </Button>
        </Box>
      )}
    </Paper>
  );
}

/**
 * The provider directory (SPEC §2 /admin/pcp-select): by name, specialty, language and distance from a
 * ZIP code (the member's home by default), limited to the plan's network; a page at a time with the
 * SPEC §9 paginator ("items per page", "x – y of z"). A failed search is said in place with a retry.
 */
export function ProviderSearch({
  network,
  networkName,
  homeZip,
  headingRef,
  heading,
  canChoose,
  onChoose,
}: {
  network: string | null;
  networkName: string | null;
  homeZip: string | null;
  headingRef: React.RefObject<HTMLHeadingElement | null>;
  heading: string;
  canChoose: boolean;
  onChoose: (provider: Provider) => void;
}) {
  const { t } = useTranslation();
  const viewer = useSignedInViewer();
  const text = useProviderText();
  const format = useFormatters();
  const resultsHeading = useRef<HTMLHeadingElement>(null);
  const resolver = useMemo(() => zodResolver(SearchFormSchema), []);
  const defaults: SearchForm = {
    providerSearchName: '',
    providerSpecialty: ANY,
    providerLanguage: ANY,
    searchZipCode: homeZip ?? '',
    searchRadius: '10',
    acceptingNewPatients: true,
  };
  const form = useForm<SearchForm>({ resolver, defaultValues: defaults });
  const [query, setQuery] = useState<ProviderSearchQuery>(() =>
    queryOf(defaults, network, PAGE_SIZES[0] ?? 10),
  );
  const search = useProviderSearch(viewer.credentialKey, query);

  // A ZIP code the directory does not know is said on its field, keeping what was typed.
  const zipProblem = useMemo(
    () => fieldProblems(search.error).find((error) => error.code === 'zip-unknown'),
    [search.error],
  );
  useEffect(() => {
    if (zipProblem)
      form.setError('searchZipCode', {
        type: 'server',
        message: JSON.stringify({ rule: 'zip-unknown', params: zipProblem.params }),
      });
  }, [zipProblem, form]);

  const data = search.data;
  const moveTo = (page: number, pageSize = query.pageSize ?? 10) => {
    setQuery({ ...query, page, pageSize });
    resultsHeading.current?.focus();
  };
  const specialties = [
    { value: ANY, label: t('pcpSelect.anySpecialty') },
    ...PCP_SPECIALTIES.map((code) => ({ value: code, label: t(`pcpSelect.specialty.${code}`) })),
  ];
  const languages = [{ value: ANY, label: t('pcpSelect.anyLanguage') }, ...text.languageOptions()];
  const radii = PCP_SEARCH_RADII_MILES.map((miles) => ({
    value: String(miles),
    label: t('pcpSelect.withinMiles', { miles: format.number(miles) }),
  }));

  return (
    <Box component="section" aria-labelledby="provider-search-heading">
      <Typography
        id="provider-search-heading"
        ref={headingRef}
        tabIndex={-1}
        variant="h5"
        component="h2"
        sx={{ mb: 1, outline: 'none' }}
      >
        {heading}
      </Typography>
      {networkName && (
        <Typography sx={{ mb: 2 }}>{t('pcpSelect.networkNote', { network: networkName })}</Typography>
      )}
      <PortalForm
        form={form}
        labelledBy="provider-search-heading"
        onSubmit={(values) => {
          setQuery(queryOf(values, network, query.pageSize ?? 10));
        }}
      >
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: {
              xs: '1fr',
              sm: 'repeat(2, minmax(0, 1fr))',
              md: 'repeat(3, minmax(0, 1fr))',
            },
            alignItems: 'start',
          }}
        >
          <TextInput name="providerSearchName" field="providerSearchName" maxLength={50} autoComplete="off" />
          <SelectInput name="providerSpecialty" field="providerSpecialty" options={specialties} />
          <SelectInput name="providerLanguage" field="providerLanguage" options={languages} />
          <TextInput
            name="searchZipCode"
            field="searchZipCode"
            inputMode="numeric"
            maxLength={5}
            autoComplete="postal-code"
          />
          <SelectInput name="searchRadius" field="searchRadius" options={radii} />
          <CheckboxInput name="acceptingNewPatients" field="acceptingNewPatients" />
        </Box>
        <Stack direction="row" spacing={1.5} sx={{ mt: 2 }}>
          <Button type="submit" variant="contained">
            {t('pcpSelect.search')}
          </Button>
          <Button
            variant="text"
            onClick={() => {
              form.reset(defaults);
              setQuery(queryOf(defaults, network, query.pageSize ?? 10));
            }}
          >
            {t('pcpSelect.clear')}
          </Button>
        </Stack>
      </PortalForm>

      <Box sx={{ mt: 3 }}>
        <Typography
          id="provider-results-heading"
          ref={resultsHeading}
          tabIndex={-1}
          variant="h6"
          component="h3"
          sx={{ outline: 'none' }}
        >
          {t('pcpSelect.resultsHeading')}
        </Typography>
        <Typography aria-live="polite" aria-atomic="true" sx={{ mb: 2 }}>
          {data
            ? data.origin
              ? t('pcpSelect.foundNear', {
                  count: data.total,
                  city: data.origin.city,
                  zip: data.origin.zipCode,
                })
              : t('pcpSelect.found', { count: data.total })
            : ''}
        </Typography>
        {search.isPending && <LoadingNotice label={t('pcpSelect.searching')} />}
        {search.isError && !zipProblem && (
          <LoadFailedNotice
            message={t('pcpSelect.searchFailed')}
            retry={() => {
              void search.refetch();
            }}
          />
        )}
        {data && data.total === 0 && <Typography>{t('pcpSelect.noResults')}</Typography>}
        {data && data.items.length > 0 && (
          <>
            <Box
              component="ul"
              aria-labelledby="provider-results-heading"
              sx={{
                m: 0,
                p: 0,
                display: 'grid',
                gap: 2,
                gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' },
                opacity: search.isPlaceholderData ? 0.6 : 1,
              }}
            >
              {data.items.map((provider) => (
                <ProviderCard
                  key={provider.npi}
                  provider={provider}
                  canChoose={canChoose}
                  onChoose={onChoose}
                />
              ))}
            </Box>
            <Pager
              page={data}
              sizes={PAGE_SIZES}
              perPageLabel={t('pcpSelect.perPage')}
              flush
              onChange={(paging) => {
                moveTo(paging.page, paging.pageSize);
              }}
            />
          </>
        )}
      </Box>
    </Box>
  );
}
