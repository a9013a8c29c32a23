import { z } from 'zod';
import { EnvSchema, SETTING_GROUPS, type SettingGroup } from './settings';

/** One environment variable as the configuration reference lists it (from EnvSchema, settings.ts). */
export interface SettingReference {
  name: string;
  group: SettingGroup;
  description: string;
  secret: boolean;
  /** What it takes: `true`/`false`, an enumeration, an integer range, a URL, a date, text of a least length. */
  accepts: string;
  /** The default as the schema states it, or null (unset; the description says what that means). */
  defaultValue: string | null;
}

interface PropertySchema {
  type?: string;
  enum?: string[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  format?: string;
  default?: string | number | boolean;
  group?: SettingGroup;
  description?: string;
  secret?: boolean;
}

const LARGEST_INTEGER = Number.MAX_SAFE_INTEGER;

function accepts(property: PropertySchema): string {
  if (property.enum) return property.enum.map((value) => `\`${value}\``).join(', ');
  if (property.type === 'integer' || property.type === 'number') {
    const kind = property.type === 'integer' ? 'integer' : 'number';
    const low = property.minimum;
    const high =
      property.maximum === undefined || property.maximum >= LARGEST_INTEGER ? undefined : property.maximum;
    if (low !== undefined && high !== undefined) return `${kind} ${String(low)}-${String(high)}`;
    if (low !== undefined) return `${kind} ≥ ${String(low)}`;
    return kind;
  }
  if (property.format === 'uri') return 'URL';
  if (property.format === 'date') return 'date (YYYY-MM-DD)';
  if (property.minLength !== undefined && property.minLength > 1)
    return `text, ${String(property.minLength)}+ characters`;
  return 'text';
}

/** Every setting, in the order of SETTING_GROUPS and, within a group, of EnvSchema. */
export function settingsReference(): SettingReference[] {
  const schema = z.toJSONSchema(EnvSchema, { io: 'input', unrepresentable: 'any' }) as {
    properties: Record<string, PropertySchema>;
  };
  const settings = Object.entries(schema.properties).map(([name, property]): SettingReference => {
    if (!property.group || !property.description)
      throw new Error(
        `${name} has no group or description in settings.ts (setting(…, { group, description }))`,
      );
    return {
      name,
      group: property.group,
      description: property.description,
      secret: property.secret === true,
      accepts: accepts(property),
      defaultValue: property.default === undefined ? null : String(property.default),
    };
  });
  return SETTING_GROUPS.flatMap((group) => settings.filter((setting) => setting.group === group));
}

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** The reference as Markdown: one table per group. */
export function settingsReferenceMarkdown(): string {
  const settings = settingsReference();
  const lines: string[] = [];
  for (const group of SETTING_GROUPS) {
    const inGroup = settings.filter((setting) => setting.group === group);
    if (inGroup.length === 0) continue;
    lines.push(`### ${group}`, '', '| Variable | Takes | Default | What it does |', '|---|---|---|---|');
    for (const setting of inGroup) {
      const name = `\`${setting.name}\`${setting.secret ? ' (secret)' : ''}`;
      lines.push(
        `| ${name} | ${cell(setting.accepts)} | ${setting.defaultValue === null ? 'unset' : `\`${cell(setting.defaultValue)}\``} | ${cell(setting.description)} |`,
      );
    }
    lines.push('');
  }
  return lines.join('\n');
}
