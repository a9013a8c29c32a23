import type { BenefitCostDto, IdCardMember, IdCards, QrMatrix } from '@portal/contracts';
import { formatBenefitMoney } from '@portal/domain';
import type { Branding } from '../../../pdf/branding';
import { LOCALES } from '../../../pdf/format';
import { PdfWriter, type PdfLanguage } from '../../../pdf/pdf-writer';
import type { RenderedPdf } from './render-sbc';
import { benefitName, describeCost } from './in-words';
import { entryOf, texts } from '../../../i18n';

type Doc = PDFKit.PDFDocument;
type Struct = PDFKit.PDFStructureElement;

/** A wallet card (ISO/IEC 7810 ID-1, 3.375 × 2.125 in) in points, drawn at its real size. */
const CARD_WIDTH = 243;
const CARD_HEIGHT = 153;
const GAP = 18;
const PAD = 8;
const BAND = 22;
const QR_SIZE = 50;
const RULE = '#8a969c';
const TEXT = '#1a1a1a';
const MUTED = '#4a4a4a';

interface Block {
  text: string;
  bold?: boolean;
  muted?: boolean;
  /** Extra space after the block, as a share of the font size. */
  gap?: number;
}

/** What the front desk collects: the amount alone ("$30"), the rest as on the benefits page. */
function shortCost(cost: BenefitCostDto | null, language: PdfLanguage): string {
  if (cost?.kind === 'copay' && !cost.afterDeductible)
    return formatBenefitMoney(cost.cents, LOCALES[language]);
  return describeCost(cost, language);
}

/** Blocks of text in `width`, at the largest size from 7.5 pt down that fits `height`; returns that size. */
function fit(doc: Doc, blocks: readonly Block[], width: number, height: number): number {
  for (let size = 7.5; size > 4.75; size -= 0.25) {
    let total = 0;
    for (const block of blocks) {
      doc.font(block.bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(size);
      total += doc.heightOfString(block.text, { width, lineGap: 0.5 }) + (block.gap ?? 0) * size;
    }
    if (total <= height) return size;
  }
  return 4.75;
}

/** Writes the blocks top-down from (x, y), each a tagged paragraph; returns the y below them. */
function write(
  doc: Doc,
  root: Struct,
  blocks: readonly Block[],
  x: number,
  y: number,
  width: number,
  size: number,
): number {
  let top = y;
  for (const block of blocks) {
    root.add(
      doc.struct('P', {}, () => {
        doc
          .font(block.bold ? 'Helvetica-Bold' : 'Helvetica')
          .fontSize(size)
          .fillColor(block.muted ? MUTED : TEXT)
          .text(block.text, x, top, { width, lineGap: 0.5 });
      }),
    );
    top = doc.y + (block.gap ?? 0) * size;
  }
  return top;
}

/** The card's outline (decoration, not content: an artifact). */
function outline(doc: Doc, x: number, y: number, band: string | null): void {
  doc.markContent('Artifact', { type: 'Layout' });
  if (band) {
    doc.save().roundedRect(x, y, CARD_WIDTH, BAND, 6).fill(band);
    doc
      .rect(x, y + BAND / 2, CARD_WIDTH, BAND / 2)
      .fill(band)
      .restore();
  }
  doc
    .roundedRect(x, y, CARD_WIDTH, CARD_HEIGHT, 6)
    .lineWidth(0.75)
    .dash(3, { space: 2 })
    .strokeColor(RULE)
    .stroke()
    .undash();
  doc.endMarkedContent();
}

/** The QR code as vector squares, a Figure whose alternative text says what it holds. */
function qrFigure(
  doc: Doc,
  root: Struct,
  qr: QrMatrix,
  x: number,
  y: number,
  size: number,
  alt: string,
): void {
  const module = size / qr.size;
  root.add(
    doc.struct('Figure', { alt }, () => {
      doc.save().fillColor('#000000');
      qr.rows.forEach((row, r) => {
        for (let c = 0; c < row.length; c++)
          if (row[c] === '1') doc.rect(x + c * module, y + r * module, module + 0.05, module + 0.05);
      });
      doc.fill().restore();
    }),
  );
}

function front(
  doc: Doc,
  root: Struct,
  cards: IdCards,
  member: IdCardMember,
  x: number,
  y: number,
  branding: Branding,
  language: PdfLanguage,
): void {
  const t = texts(language).pdf.idCard;
  outline(doc, x, y, branding.primaryColor);
  root.add(
    doc.struct('P', {}, () => {
      doc
        .font('Helvetica-Bold')
        .fontSize(9)
        .fillColor('#ffffff')
        .text(cards.issuer.name, x + PAD, y + 7, { width: CARD_WIDTH - 2 * PAD, lineBreak: false });
    }),
  );
  const { plan } = cards;
  const top = y + BAND + 5;
  const textWidth = CARD_WIDTH - 2 * PAD - QR_SIZE - 6;
  const identity: Block[] = [
    { text: `${member.firstName} ${member.lastName}`, bold: true, gap: 0.2 },
    { text: `${t.memberId}: ${member.memberId}` },
    { text: `${t.subscriberId}: ${cards.subscriberId}` },
    // Each number under the name the portal gives it on every page (issue 33 item 10; decision 047).
    { text: `${t.policyNumber}: ${cards.policyNumber}` },
    ...(cards.groupOrPolicyNumber !== cards.policyNumber
      ? [{ text: `${t.groupNumber}: ${cards.groupOrPolicyNumber}` }]
      : []),
    ...(cards.employerName ? [{ text: `${t.employer}: ${cards.employerName}` }] : []),
    ...(cards.exchangeSubscriberId ? [{ text: `${t.exchangeId}: ${cards.exchangeSubscriberId}` }] : []),
  ];
  const planBlocks: Block[] = [
    { text: `${t.plan}: ${plan.planName}` },
    ...(plan.network ? [{ text: `${t.network}: ${plan.network}` }] : []),
    {
      text: `${t.issuer}: ${cards.issuer.hiosIssuerId}${cards.issuer.payerId ? ` · ${t.payerId}: ${cards.issuer.payerId}` : ''}`,
    },
    ...(cards.rx ? [{ text: t.rx(cards.rx.bin, cards.rx.pcn, cards.rx.group) }] : []),
  ];
  const copays: Block[] =
    cards.copays.length > 0
      ? [
          { text: t.copays, bold: true },
          {
            text: cards.copays
              .map((line) => `${benefitName(line.key, language)}: ${shortCost(line.inNetwork, language)}`)
              .join(' · '),
          },
        ]
      : [];
  const fullWidth = CARD_WIDTH - 2 * PAD;
  // The identity beside the QR code, the plan and copays below at full width; one size for all of it.
  const identityHeight = QR_SIZE + 2;
  const size = Math.min(
    fit(doc, identity, textWidth, CARD_HEIGHT - BAND - PAD),
    fit(doc, [...planBlocks, ...copays], fullWidth, CARD_HEIGHT - BAND - 5 - identityHeight - PAD),
  );
  const belowIdentity = write(doc, root, identity, x + PAD, top, textWidth, size);
  qrFigure(doc, root, member.qr, x + CARD_WIDTH - PAD - QR_SIZE, top, QR_SIZE, t.qrAlt(member.memberId));
  write(
    doc,
    root,
    [...planBlocks, ...copays],
    x + PAD,
    Math.max(belowIdentity, top + identityHeight) + 1,
    fullWidth,
    size,
  );
}

function back(doc: Doc, root: Struct, cards: IdCards, x: number, y: number, language: PdfLanguage): void {
  const t = texts(language).pdf.idCard;
  outline(doc, x, y, null);
  const amounts = (label: string, value: IdCards['deductible']): Block[] => [
    { text: `${label} (${t.individual.toLocaleLowerCase(LOCALES[language])})`, bold: true },
    {
      text: `${t.inNetwork}: ${describeCost(value.inNetwork, language)} · ${t.outOfNetwork}: ${describeCost(value.outOfNetwork, language)}`,
      gap: 0.3,
    },
  ];
  const phone = (label: string, number: string): Block[] => (number ? [{ text: `${label}: ${number}` }] : []);
  const blocks: Block[] = [
    ...amounts(benefitName('benefit.deductible', language), cards.deductible),
    ...amounts(benefitName('benefit.outOfPocketMax', language), cards.outOfPocketMax),
    ...phone(t.customerService, cards.phones.customerService),
    ...phone(t.providers, cards.phones.providers),
    ...phone(t.pharmacy, cards.phones.pharmacy),
    ...phone(t.nurseLine, cards.phones.nurseLine),
    ...(cards.website ? [{ text: `${t.website}: ${cards.website}` }] : []),
    ...(cards.claimsAddress ? [{ text: `${t.claims}: ${cards.claimsAddress}`, gap: 0.3 }] : []),
    { text: t.emergency, muted: true },
    { text: t.notProof, muted: true },
  ];
  const width = CARD_WIDTH - 2 * PAD;
  const size = fit(doc, blocks, width, CARD_HEIGHT - 2 * PAD);
  write(doc, root, blocks, x + PAD, y + PAD, width, size);
}

/**
 * The member ID cards of a policy as a tagged PDF (issue 12; docs/decisions/017 and 026): for each
 * covered member a heading, then the card's front and back side by side at wallet size, to print and
 * cut out. Every fact is text (selectable, read aloud); the QR code is a Figure with alternative text.
 */
export async function renderIdCardPdf(
  cards: IdCards,
  members: readonly IdCardMember[],
  branding: Branding,
  language: PdfLanguage,
): Promise<RenderedPdf> {
  const t = texts(language).pdf.idCard;
  const pdf = new PdfWriter({
    branding,
    language,
    title: t.title,
    subject: t.subject(cards.policyNumber),
    pageLabel: t.page,
    footer: `${branding.issuerName} · ${t.customerService}: ${cards.phones.customerService}`,
  });
  pdf.paragraph(t.intro);
  if (members.length === 0) pdf.paragraph(t.noCards, { bold: true });
  for (const member of members) {
    pdf.region(20 + 12 + CARD_HEIGHT + 16, ({ doc, root, x, y }) => {
      const name = `${member.firstName} ${member.lastName}`;
      root.add(
        doc.struct('H2', {}, () => {
          doc
            .font('Helvetica-Bold')
            .fontSize(12)
            .fillColor(TEXT)
            .text(
              `${t.cardFor(name)} · ${entryOf(t.relationship, member.relationship) ?? member.relationship}`,
              x,
              y,
              { lineBreak: false },
            );
        }),
      );
      const cardsTop = y + 20 + 12;
      for (const [label, left] of [
        [t.front, x],
        [t.back, x + CARD_WIDTH + GAP],
      ] as const) {
        root.add(
          doc.struct('P', {}, () => {
            doc
              .font('Helvetica')
              .fontSize(8)
              .fillColor(MUTED)
              .text(label, left, cardsTop - 11, { lineBreak: false });
          }),
        );
      }
      front(doc, root, cards, member, x, cardsTop, branding, language);
      back(doc, root, cards, x + CARD_WIDTH + GAP, cardsTop, language);
    });
  }
  const safe = cards.policyNumber.replace(/[^A-Za-z0-9._-]/g, '_');
  return { bytes: await pdf.finish(), filename: `id-cards-${safe}.pdf` };
}
