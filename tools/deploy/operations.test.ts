import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { settingsReference } from '../../apps/server/src/settings-reference';
import { END, OPERATIONS, START, withReference } from '../../scripts/settings-reference';

/** Decision 048: docs/OPERATIONS.md's configuration reference is made from the settings schema, never by hand. */
describe('the configuration reference of docs/OPERATIONS.md', () => {
  const document = fs.readFileSync(OPERATIONS, 'utf8');

  it('is current: what `npm run docs:settings` makes from apps/server/src/settings.ts', () => {
    expect(
      withReference(document) === document,
      'docs/OPERATIONS.md is stale: run npm run docs:settings',
    ).toBe(true);
  });

  it('names every setting, with its group, description and secrecy, and a changed description makes it stale', () => {
    const section = document.slice(document.indexOf(START), document.indexOf(END));
    const settings = settingsReference();
    expect(settings.length).toBeGreaterThanOrEqual(50);
    for (const setting of settings) {
      expect(section, setting.name).toContain(`| \`${setting.name}\`${setting.secret ? ' (secret)' : ''} |`);
      expect(setting.description.length, setting.name).toBeGreaterThan(15);
    }
    for (const secret of [
      'DATABASE_URL',
      'PORTAL_SIGNING_JWK',
      'IDP_SIGNING_JWK',
      'IDP_COOKIE_SECRET',
      'PROCESSOR_API_KEY',
      'PROCESSOR_WEBHOOK_SECRET',
      'METRICS_TOKEN',
      'REDIS_URL',
      'SMTP_URL',
    ]) {
      expect(settings.find((setting) => setting.name === secret)?.secret, secret).toBe(true);
    }
    const edited = document.replace(
      '| `PORT` | integer 0-65535 | `3000` |',
      '| `PORT` | integer 0-65535 | `8080` |',
    );
    expect(edited).not.toBe(document);
    expect(withReference(edited)).not.toBe(edited);
  });
});
