import type { PlanBenefits } from '@portal/contracts';
import type { Branding } from '../../../pdf/branding';
import { formatterFor, LOCALES } from '../../../pdf/format';
import { PdfWriter, type PdfLanguage } from '../../../pdf/pdf-writer';
import { benefitName, describeCost } from './in-words';
import { entryOf, texts } from '../../../i18n';

export interface RenderedPdf {
  bytes: Buffer;
  filename: string;
}

/** Care paid before the deductible: a copay or no charge that does not wait for the deductible. */
function beforeDeductible(plan: PlanBenefits, language: PdfLanguage): string[] {
  return plan.lines
    .filter(
      ({ inNetwork: cost }) => (cost.kind === 'copay' || cost.kind === 'noCharge') && !cost.afterDeductible,
    )
    .map((line) => benefitName(line.key, language).toLocaleLowerCase(language));
}

/**
 * A plan's Summary of Benefits and Coverage (issue 12; SPEC §3 Plan "sbc url"; DOMAIN "Benefits"), for
 * plans that publish none of their own: the questions of the federal SBC template answered from the
 * plan's design on file, then what the member pays for each service in and out of network. A tagged
 * PDF (docs/decisions/017) in `language`.
 */
export async function renderSbcPdf(
  plan: PlanBenefits,
  branding: Branding,
  language: PdfLanguage,
  providerPhone: string,
): Promise<RenderedPdf> {
  const t = texts(language).pdf.sbc;
  const format = formatterFor(language);
  const cost = (value: Parameters<typeof describeCost>[0]) => describeCost(value, language);
  const phone = providerPhone || branding.supportPhone;
  const pdf = new PdfWriter({
    branding,
    language,
    title: t.title(plan.planName),
    subject: `${branding.issuerName}: ${t.title(plan.planName)}`,
    pageLabel: texts(language).pdf.idCard.page,
    footer: `${branding.issuerName} · ${plan.planId}`,
  });
  pdf.paragraph(t.intro);
  const endOfYear = `${plan.planYear}-12-31`;
  pdf.facts([
    [t.coveragePeriod, `${format.date(plan.coverageStart)} – ${format.date(plan.coverageEnd ?? endOfYear)}`],
    [t.planType, plan.planType],
    ...(plan.metalLevel
      ? ([[t.metalLevel, entryOf(t.metal, plan.metalLevel) ?? plan.metalLevel]] as const)
      : []),
    ...(plan.network ? ([[t.network, plan.network]] as const) : []),
  ]);

  const services = beforeDeductible(plan, language);
  const referral = plan.lines.find((line) => line.key === 'benefit.referralsRequired')?.inNetwork;
  const outOfNetworkCovered =
    plan.deductible.outOfNetwork !== null && plan.deductible.outOfNetwork.kind !== 'notCovered';
  const network = plan.network ?? t.network.toLocaleLowerCase(language);
  pdf.heading(t.importantQuestions, 2).table({
    columns: [
      { header: t.question, width: 2 },
      { header: t.answer, width: 3 },
    ],
    rowHeaders: true,
    rows: [
      [
        t.overallDeductible,
        t.deductibleAnswer(cost(plan.deductible.inNetwork), cost(plan.deductible.outOfNetwork)),
      ],
      [
        t.beforeDeductible,
        services.length > 0
          ? t.beforeDeductibleAnswer(
              new Intl.ListFormat(LOCALES[language], { type: 'conjunction' }).format(services),
            )
          : t.beforeDeductibleNone,
      ],
      [
        t.outOfPocketLimit,
        t.outOfPocketAnswer(cost(plan.outOfPocketMax.inNetwork), cost(plan.outOfPocketMax.outOfNetwork)),
      ],
      [
        t.lessInNetwork,
        outOfNetworkCovered ? t.lessInNetworkAnswer(network, phone) : t.onlyInNetworkAnswer(network, phone),
      ],
      ...(referral?.kind === 'yesNo' ? [[t.referral, referral.value ? t.referralYes : t.referralNo]] : []),
    ],
  });

  const lines = plan.lines.filter(
    (line) => line.key !== 'benefit.referralsRequired' && line.key !== 'benefit.deductibleAppliesToAll',
  );
  if (lines.length > 0) {
    pdf.heading(t.whatYouPay, 2).table({
      columns: [
        { header: t.service, width: 2 },
        { header: t.inNetwork, width: 2 },
        { header: t.outOfNetwork, width: 2 },
      ],
      rowHeaders: true,
      rows: lines.map((line) => [
        benefitName(line.key, language),
        cost(line.inNetwork),
        cost(line.outOfNetwork),
      ]),
    });
  }
  if (plan.lineOfCoverage === 'Medical') {
    pdf.paragraph(t.preventiveNote).paragraph(t.emergencyNote);
    pdf.heading(t.drugs, 2).paragraph(t.drugsAnswer(cost(plan.drugsCovered)));
  }
  pdf.heading(t.aboutThisSummary, 2).paragraph(t.generatedFrom(branding.issuerName, branding.supportPhone));
  return { bytes: await pdf.finish(), filename: `sbc-${plan.planId}.pdf` };
}
