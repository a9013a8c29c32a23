import { describe, expect, it } from 'vitest';
import { dateTimeFormat, formattersFor } from './format';

describe('formatters (SPEC §4 language)', () => {
  it('format in the language asked for', () => {
    expect(formattersFor('en').money(123_456)).toBe('$1,234.56');
    expect(formattersFor('pt').money(123_456)).toContain('1.234,56');
    expect(formattersFor('es').date('2026-12-04')).toBe('4 de diciembre de 2026');
    expect(formattersFor('en').list(['A', 'B', 'C'])).toBe('A, B, and C');
  });

  it('are built once per language, not once per component that formats', () => {
    expect(formattersFor('es')).toBe(formattersFor('es'));
    expect(formattersFor('es')).not.toBe(formattersFor('pt'));
    const medium = dateTimeFormat('pt', { dateStyle: 'medium' });
    expect(dateTimeFormat('pt', { dateStyle: 'medium' })).toBe(medium);
    expect(dateTimeFormat('pt', { dateStyle: 'long' })).not.toBe(medium);
    expect(medium.resolvedOptions().locale).toBe('pt-BR');
  });
});
