import fastJson from 'fast-json-stringify';
import { serializerCompiler as validatingSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type SerializerCompiler = typeof validatingSerializerCompiler;
type RouteSchema = Parameters<SerializerCompiler>[0];

const zodSchemaOf = (schema: unknown): z.ZodType | null =>
  schema instanceof z.ZodType ? schema : schema !== null && typeof schema === 'object' && 'properties' in schema && schema.properties instanceof z.ZodType ? schema.properties : null;

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
    return fastJson(jsonSchema as Parameters<typeof fastJson>[0]);
  } catch {
    return validatingSerializerCompiler(routeSchema);
  }
}

/** The serializer compiler the settings ask for: validating (development, tests) or compiled (production). */
export const responseSerializerCompiler = (validate: boolean): SerializerCompiler =>
  validate ? validatingSerializerCompiler : compiledSerializerCompiler;
