import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { IdCardMember, IdCards, QrMatrix } from '@portal/contracts';
import DownloadIcon from '@mui/icons-material/Download';
import PrintIcon from '@mui/icons-material/Print';
import Alert from '../../../kit/Alert';
import Box from '../../../kit/Box';
import Button from '../../../kit/Button';
import GlobalStyles from '../../../kit/GlobalStyles';
import Link from '../../../kit/Link';
import Stack from '../../../kit/Stack';
import Typography from '../../../kit/Typography';
import { getIdCardPdf, usePdf } from '../../../data/benefits/get-benefits-pdf';
import { useIdCards } from '../../../data/benefits/get-policy-benefits';
import { loose } from '../../../i18n/loose';
import { useSignedInViewer } from '../../../lib/viewer';
import { useBenefitWords } from '../../../ui/benefit-cost';
import { useFormatters } from '../../../ui/format';
import { PolicySelector, useSelectedPolicy } from '../../../ui/policy-selector';
import { LoadingNotice, LoadFailedNotice } from '../../../ui/notices';

/** The QR code's dark modules as one SVG path (a quiet zone of 4 modules around it). */
function qrPath(qr: QrMatrix): string {
  let path = '';
  qr.rows.forEach((row, y) => {
    for (let x = 0; x < row.length; x++) if (row[x] === '1') path += `M${x + 4} ${y + 4}h1v1h-1z`;
  });
  return path;
}

/** The member id as a QR code: an image whose text alternative says what it holds. */
function QrCode({ qr, label }: { qr: QrMatrix; label: string }) {
  const side = qr.size + 8;
  return (
    <Box
      component="svg"
      role="img"
      aria-label={label}
      viewBox={`0 0 ${side} ${side}`}
      shapeRendering="crispEdges"
      sx={{ width: { xs: 84, sm: 96 }, height: { xs: 84, sm: 96 }, flexShrink: 0, bgcolor: '#ffffff' }}
    >
      <path d={qrPath(qr)} fill="#000000" />
    </Box>
  );
}

/** A label and its value on the card (a description list row). */
function Line({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 0.75, typography: 'body2', lineHeight: 1.45 }}>
      <Box component="dt" sx={{ color: 'text.secondary' }}>
        {label}:
      </Box>
      <Box component="dd" sx={{ m: 0, fontWeight: 600, overflowWrap: 'anywhere' }}>
        {children}
      </Box>
    </Box>
  );
}

const phoneHref = (phone: string) => `tel:${phone.replace(/[^0-9+]/g, '')}`;

const cardSx = {
  border: 2,
  borderColor: 'primary.main',
  borderRadius: 3,
  overflow: 'hidden',
  bgcolor: 'background.paper',
  // Side by side on a wide screen and on paper (equal widths); one above the other on a phone.
  flex: { md: '1 1 0' },
  '@media print': { flex: '1 1 0' },
  minWidth: 0,
  breakInside: 'avoid',
} as const;

/** One member's card, front and back: every fact is text; the QR code holds the member id. */
function MemberCard({ cards, member, policyId }: { cards: IdCards; member: IdCardMember; policyId: string }) {
  const { t, i18n } = useTranslation();
  const lt = loose(t);
  const words = useBenefitWords();
  const format = useFormatters();
  const pdf = usePdf();
  const headingId = useId();
  const name = `${member.firstName} ${member.lastName}`;
  const relationship = lt(`relationship.${member.relationship}`, { defaultValue: member.relationship });
  const { plan, phones } = cards;
  const metal = plan.metalLevel
    ? lt(`metalLevel.${plan.metalLevel}`, { defaultValue: plan.metalLevel })
    : null;
  const amounts = [
    { key: 'deductible', label: t('overview.plan.deductible'), value: cards.deductible },
    { key: 'outOfPocketMax', label: t('overview.plan.outOfPocketMax'), value: cards.outOfPocketMax },
  ];
  const contacts = [
    { label: t('idCard.customerService'), phone: phones.customerService },
    { label: t('idCard.providers'), phone: phones.providers },
    { label: t('idCard.pharmacy'), phone: phones.pharmacy },
    { label: t('idCard.nurseLine'), phone: phones.nurseLine },
  ].filter((contact) => contact.phone !== '');
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ breakInside: 'avoid' }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 1.5 }}
      >
        <Typography id={headingId} variant="h5" component="h2">
          {name} · {relationship}
        </Typography>
        <Button
          size="small"
          startIcon={<DownloadIcon aria-hidden="true" />}
          data-print="hide"
          disabled={pdf.busy !== null}
          onClick={() =>
            void pdf.run(
              member.memberId,
              () => getIdCardPdf(policyId, i18n.language, member.memberId),
              'download',
              `id-card-${member.memberId}.pdf`,
            )
          }
          sx={{ alignSelf: { xs: 'flex-start', sm: 'center' } }}
        >
          {t('idCard.downloadOne', { name: member.firstName })}
        </Button>
      </Stack>
      {pdf.busy && (
        <Typography role="status" variant="body2" data-print="hide">
          {t('idCard.preparing')}
        </Typography>
      )}
      {pdf.failed && (
        <Alert severity="error" data-print="hide" sx={{ mb: 1 }}>
          {t('idCard.pdfFailed')}
        </Alert>
      )}
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ '@media print': { flexDirection: 'row' } }}
      >
        {/* Front */}
        <Box sx={cardSx} component="article" aria-label={t('idCard.front')}>
          <Box sx={{ bgcolor: 'primary.main', color: 'primary.contrastText', px: 2, py: 1 }}>
            <Typography component="p" sx={{ fontWeight: 700 }}>
              {cards.issuer.name}
            </Typography>
          </Box>
          <Stack spacing={1.5} sx={{ p: 2 }}>
            <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between' }}>
              <Box sx={{ minWidth: 0 }}>
                <Typography component="p" variant="h6" sx={{ lineHeight: 1.3, mb: 0.5 }}>
                  {name}
                </Typography>
                <Box component="dl" sx={{ m: 0 }}>
                  <Line label={t('idCard.memberId')}>{member.memberId}</Line>
                  <Line label={t('idCard.subscriberId')}>{cards.subscriberId}</Line>
                  {/* Each number under the name the portal gives it everywhere (issue 33 item 10): the policy
                      number a guest pays with, and an employer plan's group number beside it. */}
                  <Line label={t('idCard.policyNumber')}>{cards.policyNumber}</Line>
                  {cards.groupOrPolicyNumber !== cards.policyNumber && (
                    <Line label={t('idCard.groupNumber')}>{cards.groupOrPolicyNumber}</Line>
                  )}
                  {cards.employerName && <Line label={t('idCard.employer')}>{cards.employerName}</Line>}
                  {cards.exchangeSubscriberId && (
                    <Line label={t('idCard.exchangeId')}>{cards.exchangeSubscriberId}</Line>
                  )}
                </Box>
              </Box>
              <QrCode qr={member.qr} label={t('idCard.qrAlt', { memberId: member.memberId })} />
            </Stack>
            <Box component="dl" sx={{ m: 0 }}>
              <Line label={t('idCard.planName')}>
                {[plan.planName, metal && !plan.planName.includes(metal) ? metal : null]
                  .filter(Boolean)
                  .join(' · ')}
              </Line>
              {plan.network && <Line label={t('idCard.network')}>{plan.network}</Line>}
              <Line label={t('idCard.issuer')}>{cards.issuer.hiosIssuerId}</Line>
              {cards.issuer.payerId && <Line label={t('idCard.payerId')}>{cards.issuer.payerId}</Line>}
              {cards.rx && (
                <>
                  <Line label={t('idCard.rxBin')}>{cards.rx.bin}</Line>
                  <Line label={t('idCard.rxPcn')}>{cards.rx.pcn}</Line>
                  <Line label={t('idCard.rxGroup')}>{cards.rx.group}</Line>
                </>
              )}
            </Box>
            {member.upcoming && (
              <Typography variant="body2">
                {t('idCard.startsOn', { date: format.date(member.coverageStart) })}
              </Typography>
            )}
            {cards.copays.length > 0 && (
              <Box>
                <Typography component="p" variant="subtitle2" sx={{ fontWeight: 700 }}>
                  {t('idCard.youPay')}
                </Typography>
                <Box component="dl" sx={{ m: 0 }}>
                  {cards.copays.map((line) => (
                    <Line key={line.key} label={words.name(line.key)}>
                      {words.cost(line.inNetwork)}
                    </Line>
                  ))}
                </Box>
              </Box>
            )}
          </Stack>
        </Box>
        {/* Back */}
        <Box sx={cardSx} component="article" aria-label={t('idCard.back')}>
          <Stack spacing={1.5} sx={{ p: 2 }}>
            <Box>
              <Typography component="p" variant="subtitle2" sx={{ fontWeight: 700, mb: 0.5 }}>
                {t('idCard.amountsHeading')}
              </Typography>
              <Box
                component="table"
                sx={{
                  width: '100%',
                  borderCollapse: 'collapse',
                  typography: 'body2',
                  '& th, & td': {
                    textAlign: 'left',
                    py: 0.5,
                    pr: 1,
                    borderBottom: 1,
                    borderColor: 'divider',
                    verticalAlign: 'top',
                  },
                }}
              >
                <thead>
                  <tr>
                    <Box component="td" />
                    <Box component="th" scope="col" sx={{ color: 'text.secondary', fontWeight: 600 }}>
                      {t('benefits.inNetwork')}
                    </Box>
                    <Box component="th" scope="col" sx={{ color: 'text.secondary', fontWeight: 600 }}>
                      {t('benefits.outOfNetwork')}
                    </Box>
                  </tr>
                </thead>
                <tbody>
                  {amounts.map((row) => (
                    <tr key={row.key}>
                      <Box component="th" scope="row" sx={{ fontWeight: 600 }}>
                        {row.label}
                      </Box>
                      <td>{words.cost(row.value.inNetwork)}</td>
                      <td>{words.cost(row.value.outOfNetwork)}</td>
                    </tr>
                  ))}
                </tbody>
              </Box>
            </Box>
            <Box component="dl" sx={{ m: 0 }}>
              {contacts.map((contact) => (
                <Line key={contact.label} label={contact.label}>
                  <Link href={phoneHref(contact.phone)} sx={{ whiteSpace: 'nowrap' }}>
                    {contact.phone}
                  </Link>
                </Line>
              ))}
              {cards.website && <Line label={t('idCard.website')}>{cards.website}</Line>}
              {cards.claimsAddress && <Line label={t('idCard.claims')}>{cards.claimsAddress}</Line>}
            </Box>
            <Box>
              <Typography variant="body2">{t('idCard.emergency')}</Typography>
              <Typography variant="body2" color="text.secondary">
                {t('idCard.notProof')}
              </Typography>
            </Box>
          </Stack>
        </Box>
      </Stack>
    </Box>
  );
}

/**
 * `/account-overview/id-card` (issue 12): the digital member ID card of everyone covered on the selected
 * policy (SPEC §4 selection), front and back — member name and id, group or policy number, plan and metal
 * level, network, issuer and payer ids, pharmacy BIN/PCN/group, copays, the in-network and out-of-network
 * deductible and out-of-pocket maximum (No Surprises Act), phone numbers and a QR code of the member id.
 * Printable (the shell is hidden on paper) and as the server's PDF.
 */
export function IdCardPage() {
  const { t, i18n } = useTranslation();
  const viewer = useSignedInViewer();
  const { policy, choices } = useSelectedPolicy(viewer.policies, (candidate) => candidate.active);
  const cards = useIdCards(viewer.credentialKey, policy?.id ?? null);
  const pdf = usePdf();
  return (
    <Stack spacing={3} sx={{ maxWidth: 1040 }}>
      {/*
        On paper the cards stand alone: none of the shell around the page (super header, header, menu panel,
        footer) and no buttons; the menu panel is laid out by the window's width, which printing keeps.
      */}
      <GlobalStyles
        styles={{
          '@media print': {
            '#root > div > :not(:has(#main-content)), aside, header, nav, footer, [data-print="hide"]': {
              display: 'none !important',
            },
          },
        }}
      />
      <Stack spacing={1}>
        <Typography variant="h4" component="h1">
          {t('idCard.heading')}
        </Typography>
        <Typography data-print="hide">{t('idCard.intro')}</Typography>
      </Stack>
      {!policy ? (
        <Alert severity="info">
          {viewer.session.kind === 'staff' && viewer.actingFor === null
            ? t('overview.findMember.body')
            : t('idCard.noPolicies')}
        </Alert>
      ) : (
        <>
          <Stack data-print="hide">
            <PolicySelector choices={choices} selected={policy} />
          </Stack>
          {cards.isPending ? (
            <LoadingNotice label={t('idCard.loading')} />
          ) : cards.isError ? (
            <LoadFailedNotice message={t('idCard.loadFailed')} retry={() => void cards.refetch()} />
          ) : cards.data.cards.length === 0 ? (
            <Alert severity="info">{t('idCard.noCards')}</Alert>
          ) : (
            <>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} data-print="hide">
                <Button
                  variant="contained"
                  startIcon={<PrintIcon aria-hidden="true" />}
                  onClick={() => {
                    window.print();
                  }}
                >
                  {t('idCard.print')}
                </Button>
                <Button
                  variant="outlined"
                  startIcon={<DownloadIcon aria-hidden="true" />}
                  disabled={pdf.busy !== null}
                  onClick={() =>
                    void pdf.run(
                      'all',
                      () => getIdCardPdf(cards.data.policyId, i18n.language),
                      'download',
                      `id-cards-${cards.data.policyNumber}.pdf`,
                    )
                  }
                >
                  {t('idCard.downloadAll')}
                </Button>
              </Stack>
              {pdf.busy && (
                <Typography role="status" variant="body2" data-print="hide">
                  {t('idCard.preparing')}
                </Typography>
              )}
              {pdf.failed && (
                <Alert severity="error" data-print="hide">
                  {t('idCard.pdfFailed')}
                </Alert>
              )}
              <Stack spacing={4}>
                {cards.data.cards.map((member) => (
                  <MemberCard
                    key={member.memberId}
                    cards={cards.data}
                    member={member}
                    policyId={cards.data.policyId}
                  />
                ))}
              </Stack>
            </>
          )}
        </>
      )}
    </Stack>
  );
}

export default IdCardPage;
