import fastJson from 'fast-json-stringify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { BenefitLineSchema, PolicyDetailSchema } from '@portal/contracts';
import { withoutValidatingUnions } from './response-serializer';

const jsonSchemaOf = (schema: z.ZodType) =>
  z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'throw' });
const compiled = (schema: z.ZodType) =>
  fastJson(withoutValidatingUnions(jsonSchemaOf(schema)) as Parameters<typeof fastJson>[0]);
const unions = (schema: unknown) => JSON.stringify(schema).match(/"(anyOf|oneOf)"/g) ?? [];

describe('the compiled serializers’ schemas without unions to validate', () => {
  it('leave no union in the policy read’s schema, where there were many', () => {
    expect(unions(jsonSchemaOf(PolicyDetailSchema)).length).toBeGreaterThan(20);
    expect(unions(withoutValidatingUnions(jsonSchemaOf(PolicyDetailSchema)))).toEqual([]);
  });

  it('write every kind of benefit cost, and no cost, as the contract does', () => {
    const serialize = compiled(z.array(BenefitLineSchema));
    const lines = [
      { key: 'a', inNetwork: { kind: 'copay', cents: 2500, afterDeductible: false }, outOfNetwork: null },
      {
        key: 'b',
        inNetwork: { kind: 'coinsurance', percent: 20, afterDeductible: true },
        outOfNetwork: { kind: 'notCovered' },
      },
      {
        key: 'c',
        inNetwork: { kind: 'noCharge', afterDeductible: false, firstVisits: 3 },
        outOfNetwork: { kind: 'noCharge', afterDeductible: true },
      },
      {
        key: 'd',
        inNetwork: { kind: 'amount', cents: 150000 },
        outOfNetwork: { kind: 'upTo', cents: 300000 },
      },
      {
        key: 'e',
        inNetwork: { kind: 'yesNo', value: false },
        outOfNetwork: { kind: 'text', text: 'Fuera de la red: “sí”' },
      },
    ];
    expect(JSON.parse(serialize(lines))).toEqual(z.array(BenefitLineSchema).parse(lines));
  });

  it('still write null for a nullable union whose options cannot be merged', () => {
    const Either = z.union([
      z.object({ kind: z.literal('a'), n: z.number() }),
      z.object({ kind: z.literal('b'), n: z.string() }),
    ]);
    const Schema = z.object({
      value: Either.nullable(),
      date: z.iso.date().nullable(),
      count: z.number().int().nullable(),
    });
    const serialize = compiled(Schema);
    expect(unions(withoutValidatingUnions(jsonSchemaOf(Schema))).length).toBeGreaterThan(0);
    for (const value of [
      { value: null, date: null, count: null },
      { value: { kind: 'a', n: 1 }, date: '2027-02-28', count: 0 },
      { value: { kind: 'b', n: 'one' }, date: null, count: 7 },
    ]) {
      expect(JSON.parse(serialize(value))).toEqual(value);
    }
  });
});
