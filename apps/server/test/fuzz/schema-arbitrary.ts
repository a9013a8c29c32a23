import fc from 'fast-check';

/**
 * fast-check arbitraries from the JSON schemas of our OpenAPI 3.0 document (the subset the zod →
 * JSON Schema transform writes: type, nullable, enum, const, formats, lengths, bounds, pattern,
 * properties/required/additionalProperties, items, anyOf/oneOf/allOf and $ref into components).
 * No kept generator fits: zod-fast-check targets zod 3, openapi-fuzzer-core reads Swagger 2 only, and
 * openapi-sampler gives one sample per schema, not arbitraries (docs/decisions/034).
 */
export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  nullable?: boolean;
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

export interface SchemaContext {
  /** `components.schemas` of the document ($ref targets). */
  components: Record<string, JsonSchema>;
  /** Values the world really holds (ids of its records): strings of a matching format sometimes take one. */
  known: readonly string[];
}

const MAX_DEPTH = 6;

export function resolve(schema: JsonSchema, context: SchemaContext): JsonSchema {
  let current = schema;
  for (let hops = 0; current.$ref !== undefined && hops < 20; hops += 1) {
    const name = current.$ref.replace('#/components/schemas/', '');
    const target = context.components[name];
    if (!target) throw new Error(`unresolved $ref ${current.$ref}`);
    current = target;
  }
  return current;
}

const dateArb = fc
  .date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2100-12-31T00:00:00Z'), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10));

function stringArb(schema: JsonSchema, context: SchemaContext): fc.Arbitrary<string> {
  const knownOfShape = (test: (value: string) => boolean) => context.known.filter(test);
  switch (schema.format) {
    case 'uuid': {
      const ids = knownOfShape((value) =>
        /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value),
      );
      return ids.length > 0 ? fc.oneof(fc.uuid(), fc.constantFrom(...ids)) : fc.uuid();
    }
    case 'date':
      return dateArb;
    case 'date-time':
      return fc
        .date({
          min: new Date('1970-01-01T00:00:00Z'),
          max: new Date('2100-12-31T00:00:00Z'),
          noInvalidDate: true,
        })
        .map((date) => date.toISOString());
    case 'email':
      return fc.emailAddress();
    case 'uri':
      return fc.webUrl();
    case undefined:
    default:
      break;
  }
  if (schema.pattern !== undefined) {
    let pattern: RegExp | null = null;
    try {
      pattern = new RegExp(schema.pattern);
    } catch {
      pattern = null;
    }
    if (pattern) {
      const matching = knownOfShape((value) => pattern.test(value));
      const generated = fc
        .stringMatching(pattern)
        .filter(
          (value) =>
            value.length >= (schema.minLength ?? 0) && value.length <= (schema.maxLength ?? Infinity),
        );
      return matching.length > 0 ? fc.oneof(generated, fc.constantFrom(...matching)) : generated;
    }
  }
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.min(schema.maxLength ?? 40, Math.max(minLength, 40));
  const plain = fc.string({ minLength, maxLength, unit: 'grapheme' });
  const known = knownOfShape(
    (value) => value.length >= minLength && value.length <= (schema.maxLength ?? Infinity),
  );
  return known.length > 0
    ? fc.oneof({ arbitrary: plain, weight: 3 }, { arbitrary: fc.constantFrom(...known), weight: 1 })
    : plain;
}

function numberArb(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const exclusiveMin =
    typeof schema.exclusiveMinimum === 'number'
      ? schema.exclusiveMinimum
      : schema.exclusiveMinimum === true
        ? schema.minimum
        : undefined;
  const exclusiveMax =
    typeof schema.exclusiveMaximum === 'number'
      ? schema.exclusiveMaximum
      : schema.exclusiveMaximum === true
        ? schema.maximum
        : undefined;
  let min = exclusiveMin ?? schema.minimum;
  let max = exclusiveMax ?? schema.maximum;
  if (integer) {
    if (min !== undefined) min = exclusiveMin !== undefined ? Math.floor(min) + 1 : Math.ceil(min);
    if (max !== undefined) max = exclusiveMax !== undefined ? Math.ceil(max) - 1 : Math.floor(max);
    return fc.integer({
      min: Math.max(min ?? -1_000_000, Number.MIN_SAFE_INTEGER),
      max: Math.min(max ?? 1_000_000, Number.MAX_SAFE_INTEGER),
    });
  }
  return fc.double({
    min: min ?? -1_000_000,
    max: max ?? 1_000_000,
    minExcluded: exclusiveMin !== undefined,
    maxExcluded: exclusiveMax !== undefined,
    noNaN: true,
    noDefaultInfinity: true,
  });
}

/** An arbitrary of values the schema accepts (as far as its keywords say). */
export function arbitraryFor(input: JsonSchema, context: SchemaContext, depth = 0): fc.Arbitrary<unknown> {
  const schema = resolve(input, context);
  const withNull = (arbitrary: fc.Arbitrary<unknown>) =>
    schema.nullable === true
      ? fc.oneof({ arbitrary, weight: 4 }, { arbitrary: fc.constant(null), weight: 1 })
      : arbitrary;
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum !== undefined && schema.enum.length > 0) return withNull(fc.constantFrom(...schema.enum));
  if (schema.allOf !== undefined && schema.allOf.length > 0) {
    // zod's intersections: merge the parts' objects (a good-enough reading for generation).
    const parts = schema.allOf.map((part) => resolve(part, context));
    const properties: Record<string, JsonSchema> = {};
    for (const part of parts) Object.assign(properties, part.properties ?? {});
    return withNull(
      arbitraryFor(
        { type: 'object', properties, required: parts.flatMap((part) => part.required ?? []) },
        context,
        depth,
      ),
    );
  }
  const union = schema.anyOf ?? schema.oneOf;
  if (union !== undefined && union.length > 0)
    return withNull(fc.oneof(...union.map((part) => arbitraryFor(part, context, depth))));
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'string':
      return withNull(stringArb(schema, context));
    case 'integer':
      return withNull(numberArb(schema, true));
    case 'number':
      return withNull(numberArb(schema, false));
    case 'boolean':
      return withNull(fc.boolean());
    case 'null':
      return fc.constant(null);
    case 'array': {
      if (depth >= MAX_DEPTH) return fc.constant([]);
      const minLength = schema.minItems ?? 0;
      const maxLength = Math.min(schema.maxItems ?? 4, Math.max(minLength, 4));
      return withNull(
        fc.array(
          schema.items ? arbitraryFor(schema.items, context, depth + 1) : fc.jsonValue({ maxDepth: 2 }),
          { minLength, maxLength },
        ),
      );
    }
    case 'object':
    case undefined: {
      if (schema.properties === undefined) {
        if (type === undefined) return fc.jsonValue({ maxDepth: 2 });
        if (typeof schema.additionalProperties === 'object' && depth < MAX_DEPTH) {
          return withNull(
            fc.dictionary(
              fc.string({ minLength: 1, maxLength: 12 }),
              arbitraryFor(schema.additionalProperties, context, depth + 1),
              { maxKeys: 4 },
            ),
          );
        }
        return withNull(fc.constant({}));
      }
      if (depth >= MAX_DEPTH) return fc.constant({});
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, property] of Object.entries(schema.properties))
        model[key] = arbitraryFor(property, context, depth + 1);
      return withNull(
        fc.record(model, { requiredKeys: (schema.required ?? []).filter((key) => key in model) }),
      );
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}
