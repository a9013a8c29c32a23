import { deepMergeAll } from '@portal/domain';

// The pt startup language files as one chunk (one request; they compress better together). The glob
// spells STARTUP_TEXT_FILES out (it must be a literal); index.ts imports this module when pt is needed.
const files = import.meta.glob<Record<string, unknown>>(
  ['./locales/pt/{common,forms,benefits,idCard,notifications,paperless}.json'],
  { eager: true, import: 'default' },
);

export default deepMergeAll(Object.values(files));
