import { useRef, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import type { HouseholdAdditionalProducts, ServiceRequest } from '@portal/contracts';
import AddCircleOutline from '@mui/icons-material/AddCircleOutlineOutlined';
import HealthAndSafety from '@mui/icons-material/HealthAndSafety';
import MedicalServices from '@mui/icons-material/MedicalServices';
import OpenInNew from '@mui/icons-material/OpenInNew';
import SentimentSatisfiedAlt from '@mui/icons-material/SentimentSatisfiedAlt';
import Visibility from '@mui/icons-material/Visibility';
import Alert from '../../../kit/Alert';
import Box from '../../../kit/Box';
import Button from '../../../kit/Button';
import Chip from '../../../kit/Chip';
import Paper from '../../../kit/Paper';
import Stack from '../../../kit/Stack';
import Typography from '../../../kit/Typography';
import { useAdditionalProducts } from '../../../data/additional-product/get-additional-products';
import { loose } from '../../../i18n/loose';
import { useSignedInViewer } from '../../../lib/viewer';
import { NewTabHint } from '../../../ui/new-tab-hint';
import { RequestSentNotice } from '../request-notices';
import { ApplicationDialog } from './application-dialog';
import { LoadingNotice, LoadFailedNotice } from '../../../ui/notices';

type Card = HouseholdAdditionalProducts['items'][number];

/** SPEC §3 `iconClass`: the names this portal draws (any other gets a generic mark). */
const ICONS: Record<
  string,
  ComponentType<{ fontSize?: 'large'; color?: 'primary'; 'aria-hidden'?: boolean }>
> = {
  smile: SentimentSatisfiedAlt,
  visibility: Visibility,
  'health-and-safety': HealthAndSafety,
  'medical-services': MedicalServices,
};

/** A card's words: the tenant's language files (`additionalProducts.cards.<name>.*`), else the product's name. */
function useCardText() {
  const { t, i18n } = useTranslation();
  const lt = loose(t);
  return (card: Card) => {
    const base = `additionalProducts.cards.${card.name}`;
    const fallback = card.name.charAt(0).toUpperCase() + card.name.slice(1);
    const points = ['point1', 'point2', 'point3']
      .filter((point) => i18n.exists(`${base}.${point}`))
      .map((point) => lt(`${base}.${point}`));
    return {
      title: lt(`${base}.title`, { defaultValue: fallback }),
      description: i18n.exists(`${base}.description`) ? lt(`${base}.description`) : null,
      points,
      site: i18n.exists(`${base}.site`) ? lt(`${base}.site`) : null,
    };
  };
}

function ProductCard({
  card,
  canApply,
  onApply,
}: {
  card: Card;
  canApply: boolean;
  onApply: (card: Card) => void;
}) {
  const { t } = useTranslation();
  const cardText = useCardText()(card);
  const Icon = ICONS[card.iconClass] ?? AddCircleOutline;
  const headingId = `product-${card.name}`;
  const lineKey = card.productType ? (`additionalProducts.productType.${card.productType}` as const) : null;
  return (
    <Paper
      component="li"
      variant="outlined"
      aria-labelledby={headingId}
      sx={{ p: 2.5, listStyle: 'none', display: 'flex', flexDirection: 'column', gap: 1.5, minWidth: 0 }}
    >
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
        <Icon fontSize="large" color="primary" aria-hidden />
        <Box sx={{ minWidth: 0 }}>
          <Typography id={headingId} variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
            {cardText.title}
          </Typography>
          {lineKey && (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t(lineKey)}
            </Typography>
          )}
        </Box>
      </Stack>
      {cardText.description && <Typography>{cardText.description}</Typography>}
      {cardText.points.length > 0 && (
        <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
          {cardText.points.map((point) => (
            <li key={point}>
              <Typography variant="body2">{point}</Typography>
            </li>
          ))}
        </Box>
      )}
      <Box sx={{ mt: 'auto', display: 'flex', flexDirection: 'column', gap: 1, alignItems: 'flex-start' }}>
        {card.status === 'covered' && <Chip color="success" label={t('additionalProducts.covered')} />}
        {card.status === 'requested' && (
          <Chip
            color="info"
            sx={{ height: 'auto', '& .kit-chip-label': { whiteSpace: 'normal', py: 0.5 } }}
            label={t('additionalProducts.requested', { reference: card.referenceNumber ?? '' })}
          />
        )}
        {card.urlType === 'external' ? (
          <Button
            variant={card.status === 'covered' ? 'outlined' : 'contained'}
            href={card.applyUrl}
            target="_blank"
            rel="noopener noreferrer"
            endIcon={<OpenInNew aria-hidden />}
          >
            {cardText.site
              ? t('additionalProducts.applyAt', { site: cardText.site })
              : t('additionalProducts.applyExternal', { product: cardText.title })}
            <NewTabHint />
          </Button>
        ) : (
          canApply &&
          card.status === 'available' && (
            <Button
              variant="contained"
              onClick={() => {
                onApply(card);
              }}
            >
              {t('additionalProducts.apply.button', { product: cardText.title })}
            </Button>
          )
        )}
      </Box>
    </Paper>
  );
}

/**
 * SPEC §2 /admin/additional-products (issue 12; SPEC §1 health QHP, dental QDP, vision CVP; §3 card: name,
 * urlType, iconClass, applyUrl): the tenant's cards for the household — already covered, an application
 * open, or available. An external card opens the configured site in a new tab; an internal one opens the
 * in-portal application (its applyUrl, `?apply=<name>`, so it can be linked to), which becomes an
 * `additional-product` request. SPEC §2's upload-documents button leads here: an application carries its
 * documents.
 */
export default function AdditionalProductsPage() {
  const { t } = useTranslation();
  const viewer = useSignedInViewer();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const cardText = useCardText();
  const householdId =
    viewer.policies.find((policy) => policy.householdId)?.householdId ??
    viewer.household.households[0]?.household.id ??
    null;
  const products = useAdditionalProducts(viewer.credentialKey, householdId);
  const [sent, setSent] = useState<{ request: ServiceRequest; title: string } | null>(null);
  const top = useRef<HTMLDivElement>(null);
  const canApply = viewer.session.actions.includes('apply-additional-products');
  const asked = params.get('apply');
  const applying =
    products.data?.items.find(
      (card) => card.name === asked && card.urlType === 'internal' && card.status === 'available',
    ) ?? null;
  const close = () => {
    void navigate({ search: '' }, { replace: true });
  };

  return (
    <Stack spacing={3} sx={{ maxWidth: 1100 }}>
      <Stack spacing={1}>
        <Typography variant="h4" component="h1">
          {t('additionalProducts.heading')}
        </Typography>
        <Typography>{t('additionalProducts.intro')}</Typography>
        <Typography variant="body2">{t('additionalProducts.documents')}</Typography>
      </Stack>
      <Box ref={top} tabIndex={-1} sx={{ outline: 'none' }}>
        {sent && (
          <RequestSentNotice
            request={sent.request}
            message={t('additionalProducts.sent', { product: sent.title })}
            onClose={() => {
              setSent(null);
            }}
          />
        )}
      </Box>
      {householdId === null ? (
        <Alert severity="info">
          {viewer.session.kind === 'staff' && viewer.actingFor === null
            ? t('overview.findMember.body')
            : t('additionalProducts.noHousehold')}
        </Alert>
      ) : (
        <>
          {products.isPending && <LoadingNotice label={t('additionalProducts.loading')} />}
          {products.isError && !products.data && (
            <LoadFailedNotice
              message={t('additionalProducts.loadError')}
              retry={() => {
                void products.refetch();
              }}
            />
          )}
          {products.data && products.data.items.length === 0 && (
            <Typography>{t('additionalProducts.none')}</Typography>
          )}
          {products.data && products.data.items.length > 0 && (
            <>
              {!canApply && <Alert severity="info">{t('additionalProducts.notAllowed')}</Alert>}
              <Box
                component="ul"
                aria-label={t('additionalProducts.listLabel')}
                sx={{
                  m: 0,
                  p: 0,
                  display: 'grid',
                  gap: 2,
                  gridTemplateColumns: {
                    xs: '1fr',
                    sm: 'repeat(2, minmax(0, 1fr))',
                    lg: 'repeat(3, minmax(0, 1fr))',
                  },
                }}
              >
                {products.data.items.map((card) => (
                  <ProductCard
                    key={card.name}
                    card={card}
                    canApply={canApply}
                    onApply={(chosen) => {
                      void navigate(
                        chosen.applyUrl.startsWith('/')
                          ? chosen.applyUrl
                          : { search: `?apply=${encodeURIComponent(chosen.name)}` },
                      );
                    }}
                  />
                ))}
              </Box>
            </>
          )}
          {applying && products.data && canApply && (
            <ApplicationDialog
              product={applying.name}
              title={cardText(applying).title}
              view={products.data}
              onClose={close}
              onSent={(request) => {
                close();
                setSent({ request, title: cardText(applying).title });
                top.current?.focus();
              }}
            />
          )}
        </>
      )}
    </Stack>
  );
}
