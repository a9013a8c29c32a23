import { formatBenefitMoney, type BenefitCost } from '@portal/domain';
import type { PdfLanguage } from '../../../pdf/pdf-writer';
import { LOCALES } from '../../../pdf/format';
import { entryOf, texts } from '../../../i18n';

/**
 * A benefit and its cost in words, for the printed Summary of Benefits and Coverage and ID card (issue 12).
 * The words are the server catalogue's (i18n/, `pdf.benefitNames`, `pdf.cost`); the web says the same
 * things from its own translation files (apps/web/src/i18n/locales/<lang>/benefits.json and idCard.json),
 * and amounts go through the same Intl formatting (packages/domain formatBenefitMoney).
 */

/** A benefit's name; an unknown key shows its last part rather than nothing. */
export function benefitName(key: string, language: PdfLanguage): string {
  const name = key.replace(/^benefit\./, '');
  return entryOf(texts(language).pdf.benefitNames, name) ?? name;
}

/** A cost in words in `language`: "$30 copay", "20% coinsurance after deductible", "Not covered". null = not on file. */
export function describeCost(cost: BenefitCost | null, language: PdfLanguage): string {
  const words = texts(language).pdf.cost;
  if (!cost) return words.notOnFile;
  const locale = LOCALES[language];
  const money = (cents: number) => formatBenefitMoney(cents, locale);
  const after = (text: string, afterDeductible: boolean) =>
    afterDeductible ? `${text} ${words.afterDeductible}` : text;
  switch (cost.kind) {
    case 'copay':
      return after(words.copay(money(cost.cents)), cost.afterDeductible);
    case 'coinsurance':
      return after(
        words.coinsurance(
          new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(
            cost.percent / 100,
          ),
        ),
        cost.afterDeductible,
      );
    case 'noCharge':
      return cost.firstVisits
        ? words.firstVisits(cost.firstVisits)
        : after(words.noCharge, cost.afterDeductible);
    case 'notCovered':
      return words.notCovered;
    case 'amount':
      return money(cost.cents);
    case 'upTo':
      return words.upTo(money(cost.cents));
    case 'yesNo':
      return cost.value ? words.yes : words.no;
    case 'text':
      return cost.text;
  }
}
