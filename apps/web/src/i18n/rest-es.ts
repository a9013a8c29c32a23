import { deepMergeAll } from '@portal/domain';

// The es language files beyond the startup ones as one chunk: the pages past the first ones wait for all
// of them, and one request is faster than nineteen on a phone's network (docs/decisions/033). The glob
// spells STARTUP_TEXT_FILES out to leave them out (it must be a literal); index.ts imports this module
// when a page needs it.
const files = import.meta.glob<Record<string, unknown>>(
  ['./locales/es/*.json', '!./locales/es/{common,forms,benefits,idCard,notifications,paperless}.json'],
  { eager: true, import: 'default' },
);

export default deepMergeAll(Object.values(files));
