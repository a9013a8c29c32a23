// English, the default and fallback language, ships in the main bundle. One file per part of the portal
// (so that parallel work on different areas does not edit one file); files are deep-merged, so several
// may add to a shared section such as `fields`. es/ and pt/ hold the same files with the same keys
// (i18n/locales.test.ts checks it). To add a file: import it here and add it to `files`.
import { deepMerge } from '@portal/domain';
import common from './common.json';
import documents from './documents.json';
import forms from './forms.json';
import notifications from './notifications.json';
import paperless from './paperless.json';
import payments from './payments.json';
import autopay from './autopay.json';
import wallet from './wallet.json';
import scheduledPayments from './scheduledPayments.json';
import serviceRequests from './serviceRequests.json';
import serviceQueue from './serviceQueue.json';
import policyCoverage from './policyCoverage.json';
import reinstatement from './reinstatement.json';
import contactInfo from './contactInfo.json';
import address from './address.json';
import demographics from './demographics.json';
import dependents from './dependents.json';
import reportChange from './reportChange.json';
import plansProviders from './plansProviders.json';
import benefits from './benefits.json';
import idCard from './idCard.json';
import faq from './faq.json';
import paymentsDesk from './paymentsDesk.json';
import staff from './staff.json';
import broker from './broker.json';
import home from './home.json';
import enrollmentImports from './enrollmentImports.json';
import webhookSubscribers from './webhookSubscribers.json';
import pager from './pager.json';

const files = [
  common,
  forms,
  documents,
  notifications,
  paperless,
  payments,
  wallet,
  autopay,
  scheduledPayments,
  serviceRequests,
  serviceQueue,
  policyCoverage,
  reinstatement,
  contactInfo,
  address,
  demographics,
  dependents,
  reportChange,
  benefits,
  idCard,
  faq,
  plansProviders,
  staff,
  paymentsDesk,
  broker,
  home,
  enrollmentImports,
  webhookSubscribers,
  pager,
] as const;

type Merged = (typeof files)[number] extends infer F ? (F extends object ? F : never) : never;
type UnionToIntersection<U> = (U extends unknown ? (part: U) => void : never) extends (part: infer I) => void
  ? I
  : never;

const en = files.reduce<object>(
  (merged, file) => deepMerge<object>(merged, file),
  {},
) as UnionToIntersection<Merged>;

export default en;
