import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { deepMerge } from '@portal/domain';
import { AccountConfigSchema, NavigationConfigSchema, RoleConfigSchema } from './config';

const configDir = path.resolve(import.meta.dirname, '../../../config');
const read = (file: string): unknown => JSON.parse(fs.readFileSync(path.join(configDir, file), 'utf8'));
const merged = (file: string): unknown => deepMerge(read(`baseline/${file}`), read(file) as never);

describe('tenant configuration files', () => {
  it.each([
    ['account.json', AccountConfigSchema],
    ['role-config.json', RoleConfigSchema],
    ['navigation.json', NavigationConfigSchema],
  ] as const)('%s merged over its baseline is valid', (file, schema) => {
    const result = schema.safeParse(merged(file));
    expect(result.success, JSON.stringify(result.error?.issues)).toBe(true);
  });

  it('refuses an account file that breaks a rule, naming the field', () => {
    const config = merged('account.json') as {
      payments: { minAllowedPaymentCents: number; maxAllowedPaymentCents: number };
    };
    const broken = {
      ...config,
      payments: { ...config.payments, maxAllowedPaymentCents: 50, minAllowedPaymentCents: 100 },
    };
    const result = AccountConfigSchema.safeParse(broken);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join('.'))).toContain('payments.maxAllowedPaymentCents');
  });

  it('refuses an http (not https) external link', () => {
    const config = merged('account.json') as Record<string, unknown>;
    const result = AccountConfigSchema.safeParse({
      ...config,
      languageAssistanceUrl: 'http://example.com/help',
    });
    expect(result.success).toBe(false);
  });
});
