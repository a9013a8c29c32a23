import fs from 'node:fs';
import path from 'node:path';
import type { TenantConfig } from '../lib/tenant-config';

/** The issuer's identity on printed documents and e-mails, from the tenant configuration. */
export interface Branding {
  issuerName: string;
  hiosIssuerId: string;
  supportPhone: string;
  supportHours: string;
  /** The theme's primary colour (headings, rules). */
  primaryColor: string;
  /** The print logo (PNG/JPEG bytes), or null to print the issuer's name instead. */
  logo: Buffer | null;
  /** Where a member mails a check, when the issuer takes checks. */
  checkMailingAddress: TenantConfig['account']['payments']['checkMailingAddress'];
}

const COLOUR = /^#[0-9a-fA-F]{6}$/;

function themePrimary(configDir: string): string {
  try {
    const theme = JSON.parse(fs.readFileSync(path.join(configDir, 'theme.json'), 'utf8')) as {
      palette?: { primary?: { main?: unknown } };
    };
    const main = theme.palette?.primary?.main;
    return typeof main === 'string' && COLOUR.test(main) ? main : '#0d5c63';
  } catch {
    return '#0d5c63';
  }
}

/** Reads the branding once at start: the account file's tenant and documents blocks, theme.json, the logo. */
export function loadBranding(configDir: string, tenant: TenantConfig): Branding {
  const { account } = tenant;
  const logoPath = account.documents.printLogo;
  let logo: Buffer | null = null;
  if (logoPath !== '') {
    const file = path.resolve(configDir, logoPath.replace(/^\/config\//, ''));
    if (!file.startsWith(path.resolve(configDir) + path.sep))
      throw new Error(`documents.printLogo is outside the configuration folder: ${logoPath}`);
    logo = fs.readFileSync(file);
  }
  return {
    issuerName: account.tenant.issuerName,
    hiosIssuerId: account.tenant.hiosIssuerId,
    supportPhone: account.tenant.supportPhone,
    supportHours: account.tenant.supportHours,
    primaryColor: themePrimary(configDir),
    logo,
    checkMailingAddress: account.payments.checkMailingAddress,
  };
}
