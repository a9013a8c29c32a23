import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { issuerEventsReferenceMarkdown } from './issuer-events-reference';
import { ISSUER_EVENT_TYPES } from './issuer-events';

describe('the issuer event catalogue (docs/ISSUER-EVENTS.md, issue 34)', () => {
  it('is the one generated from the contracts: every type with its JSON Schema (npm run docs:events)', () => {
    const document = fs.readFileSync(
      path.resolve(import.meta.dirname, '../../../docs/ISSUER-EVENTS.md'),
      'utf8',
    );
    expect(document).toContain(issuerEventsReferenceMarkdown());
    for (const type of ISSUER_EVENT_TYPES) expect(document).toContain(`### \`${type}\``);
  });
});
