// The en startup language files as one chunk (one request; they compress better together), merged by
// index.ts, which imports this module when en is needed. The glob spells STARTUP_TEXT_FILES out (it must
// be a literal).
export default import.meta.glob<Record<string, unknown>>(['./locales/en/{common,forms,benefits,idCard,notifications,paperless}.json'], {
  eager: true,
  import: 'default',
});
