import { deepMergeAll } from '@portal/domain';

// The en startup language files as one chunk (one request; they compress better together). The glob
// spells STARTUP_TEXT_FILES out (it must be a literal); index.ts imports this module when en is needed.
const files = import.meta.glob<Record<string, unknown>>(
  ['./locales/en/{common,forms,benefits,idCard,notifications,paperless}.json'],
  { eager: true, import: 'default' },
);

export default deepMergeAll(Object.values(files));
