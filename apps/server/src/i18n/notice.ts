/** A notice's facts, already formatted for its language (absent facts are empty strings). */
export type NoticeValues = Record<
  | 'planName'
  | 'previousPlanName'
  | 'effectiveDate'
  | 'premium'
  | 'taxCredit'
  | 'amount'
  | 'paymentDate'
  | 'graceStart'
  | 'graceEnd'
  | 'terminationDate'
  | 'dueDate'
  | 'amountDue'
  | 'reinstatementEligible'
  | 'reinstateBy'
  | 'deliveryEmail'
  | 'months'
  | 'claimsPendedFrom'
  | 'paidThrough'
  | 'binderDeadline',
  string
> & { electronic: string[]; paper: string[]; voluntary: boolean; binderNotPaid: boolean };

/** One kind of notice: its title, what it means and what to do, each sentence from the notice's facts. */
export interface NoticeText {
  title: string;
  meaning: (v: NoticeValues) => string[];
  todo: (v: NoticeValues) => string[];
}

/** English's notice kinds, each a NoticeText (given every fact, whether or not its words use them). */
export const noticeKinds = <Kind extends string>(kinds: Record<Kind, NoticeText>): Record<Kind, NoticeText> =>
  kinds;

/** English's words for a notice of a kind it does not know (a NoticeText like the others). */
export const noticeText = (text: NoticeText): NoticeText => text;

/** Items as a sentence lists them: "a, b and c", with the language's `and`. */
export const list = (items: string[], and: string): string =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} ${and} ${items.at(-1) ?? ''}`;
