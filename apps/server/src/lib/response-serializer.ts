import fastJson from 'fast-json-stringify';
import { serializerCompiler as validatingSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type SerializerCompiler = typeof validatingSerializerCompiler;
type RouteSchema = Parameters<SerializerCompiler>[0];

const zodSchemaOf = (schema: unknown): z.ZodType | null =>
  schema instanceof z.ZodType
    ? schema
    : schema !== null &&
        typeof schema === 'object' &&
        'properties' in schema &&
        schema.properties instanceof z.ZodType
      ? schema.properties
      : null;

/**
 * Responses written by a serializer compiled once per route from the contract's JSON Schema
 * (fast-json-stringify, Fastify's own), instead of parsing every response with zod and then
 * `JSON.stringify` (docs/decisions/035). Like zod, it writes only the properties the schema names, so a
 * field a handler adds by mistake never reaches the caller; unlike zod it does not check the values —
 * development and the tests keep the validating serializer (`RESPONSE_VALIDATION`), so drift between a
 * handler and its contract fails a test there. A schema with no JSON Schema form keeps the zod serializer.
 */
export const compiledSerializerCompiler: SerializerCompiler = (routeSchema: RouteSchema) => {
  // Compiled on a route's first answer with that status, not at start-up: most of the ~300 (route, status)
  // pairs are never answered by a given instance, and compiling them all would slow every start.
  let serialize: ((data: unknown) => string) | undefined;
  return (data) => {
    serialize ??= compile(routeSchema);
    return serialize(data);
  };
};

function compile(routeSchema: RouteSchema): (data: unknown) => string {
  const schema = zodSchemaOf(routeSchema.schema);
  if (schema === null) return validatingSerializerCompiler(routeSchema);
  try {
    const jsonSchema = z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'throw' });
    return fastJson(withoutValidatingUnions(jsonSchema) as Parameters<typeof fastJson>[0]);
  } catch {
    return validatingSerializerCompiler(routeSchema);
  }
}

type Schema = Record<string, unknown>;

const COMBINATORS = ['anyOf', 'oneOf', 'allOf', 'if', 'not'];
const isSchema = (value: unknown): value is Schema =>
  value !== null && typeof value === 'object' && !Array.isArray(value);
const isNullType = (option: unknown) =>
  isSchema(option) && Object.keys(option).length === 1 && option.type === 'null';
const sameSchema = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const without = (schema: Schema, ...keys: string[]): Schema =>
  Object.fromEntries(Object.entries(schema).filter(([key]) => !keys.includes(key)));

/**
 * The contract's JSON Schema, rewritten where fast-json-stringify would otherwise run Ajv on every
 * response: it serializes an `anyOf`/`oneOf` by validating the value against each option until one
 * matches — every nullable date against its pattern and format, every nullable object (a policy's
 * finance, plan, broker) against its whole schema, every benefit cost against eight object schemas.
 * The same JSON comes out of:
 * - `{ ...X, nullable: true }` for zod's `.nullable()` (`anyOf: [X, { type: 'null' }]`): one `=== null`
 *   test. Kept as it is when X (or what its `$ref` names) is itself a union, whose null would match no option.
 * - one object schema for a discriminated union of objects (`oneOf`, each option an object whose properties
 *   agree wherever their names meet, the discriminator's `const`s becoming an `enum`): a property is written
 *   when the value has it, which is what each option did for its own properties.
 * Nothing here checks values, as with the compiled serializer as a whole (see above).
 */
export function withoutValidatingUnions(root: unknown): unknown {
  if (!isSchema(root)) return root;
  const definitions = isSchema(root.definitions) ? root.definitions : {};
  const rewritten = new Map<string, unknown>();
  // What a `$ref` option names, as rewritten (a union of objects merged is no longer a union).
  const target = (option: Schema): unknown => {
    const ref = option.$ref;
    if (typeof ref !== 'string' || !ref.startsWith('#/definitions/')) return option;
    const name = ref.slice('#/definitions/'.length);
    if (!rewritten.has(name)) {
      rewritten.set(name, definitions[name]); // a definition naming itself sees itself as written
      rewritten.set(name, rewrite(definitions[name]));
    }
    return rewritten.get(name);
  };
  const rewrite = (schema: unknown): unknown => {
    if (Array.isArray(schema)) return schema.map(rewrite);
    if (!isSchema(schema)) return schema;
    const node: Schema = Object.fromEntries(
      Object.entries(schema).map(([key, value]) => [key, rewrite(value)]),
    );
    const { anyOf, oneOf, ...siblings } = node;
    if (Array.isArray(anyOf) && anyOf.length === 2 && oneOf === undefined) {
      const other: unknown = isNullType(anyOf[1]) ? anyOf[0] : isNullType(anyOf[0]) ? anyOf[1] : undefined;
      const resolved = isSchema(other) ? target(other) : undefined;
      if (isSchema(other) && isSchema(resolved) && !COMBINATORS.some((keyword) => keyword in resolved))
        return { ...siblings, ...other, nullable: true };
    }
    if (Array.isArray(oneOf) && anyOf === undefined) {
      const merged = mergedObjects(oneOf);
      if (merged) return { ...siblings, ...merged };
    }
    return node;
  };
  const result = rewrite(without(root, 'definitions')) as Schema;
  if (!isSchema(root.definitions)) return result;
  return {
    ...result,
    definitions: Object.fromEntries(
      Object.keys(definitions).map((name) => [name, target({ $ref: `#/definitions/${name}` })]),
    ),
  };
}

/** The options of a union of objects as one object schema, or null when they disagree on a property. */
function mergedObjects(options: unknown[]): Schema | null {
  if (options.length === 0) return null;
  const properties: Record<string, Schema> = {};
  let required: string[] | null = null;
  for (const option of options) {
    if (
      !isSchema(option) ||
      option.type !== 'object' ||
      !isSchema(option.properties) ||
      option.additionalProperties !== false
    )
      return null;
    if (
      Object.keys(option).some(
        (key) => !['type', 'properties', 'required', 'additionalProperties', 'description'].includes(key),
      )
    )
      return null;
    for (const [name, property] of Object.entries(option.properties)) {
      if (!isSchema(property)) return null;
      const known = properties[name];
      if (known === undefined) properties[name] = property;
      else if (!sameSchema(known, property)) {
        const constants = [...((known.enum as unknown[] | undefined) ?? [known.const]), property.const];
        const knownRest = without(known, 'const', 'enum');
        const propertyRest = without(property, 'const');
        if (known.const === undefined && known.enum === undefined) return null;
        if (property.const === undefined || !sameSchema(knownRest, propertyRest)) return null;
        properties[name] = { ...knownRest, enum: constants };
      }
    }
    const names = Array.isArray(option.required) ? (option.required as string[]) : [];
    required = required === null ? names : required.filter((name) => names.includes(name));
  }
  return { type: 'object', properties, required: required ?? [], additionalProperties: false };
}

/** The serializer compiler the settings ask for: validating (development, tests) or compiled (production). */
export const responseSerializerCompiler = (validate: boolean): SerializerCompiler =>
  validate ? validatingSerializerCompiler : compiledSerializerCompiler;
