import { z } from 'zod';

/** What the configuration reference (docs/OPERATIONS.md, scripts/settings-reference.mjs) says of a setting. */
export interface SettingMeta {
  /** The reference's section. */
  group: SettingGroup;
  description: string;
  /** A secret: it belongs in a secret store (a Kubernetes Secret, an env file only its owner reads), never in a ConfigMap or a log. */
  secret?: boolean;
}

export const SETTING_GROUPS = [
  'Server',
  'Database',
  'Sign-in and keys',
  'Payments',
  'Live updates, e-mail and jobs',
  'Stopping',
  'Observability',
  'Load shedding',
  'Performance',
  'Enrollment and issuer events',
  'Demo mode',
] as const;
export type SettingGroup = (typeof SETTING_GROUPS)[number];

/** A setting's schema with what the reference says of it (zod metadata, read back by z.toJSONSchema). */
export const setting = <T extends z.ZodType>(schema: T, meta: SettingMeta): T => schema.meta({ ...meta });

export const yesNo = z.enum(['true', 'false']);

/** A setting that is missing, malformed or contradicts another (the message names it). */
export class SettingsError extends Error {}
