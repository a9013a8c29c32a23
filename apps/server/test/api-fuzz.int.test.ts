import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildTestApp } from './app';
import { openTestDatabase, type TestDatabase } from './database';
import { hostileBody, hostileText, mutate, mutationArb } from './fuzz/malformed';
import { arbitraryFor, resolve, type JsonSchema, type SchemaContext } from './fuzz/schema-arbitrary';
import { startTestSandbox, type TestSandbox } from './sandbox';
import { buildWorld, type Caller, type World } from './world';

/**
 * API fuzzing from the server's own OpenAPI document (issue 16, docs/decisions/034): every operation
 * `/api/openapi.json` describes, called without a token, with a forged one and with a valid token of each
 * kind of caller, with parameters and bodies drawn from the operation's schemas — valid ones, ones with a
 * field swapped for a hostile value (wrong types, 1 MB strings, unicode, NUL, negative and huge numbers,
 * SQL and path-traversal strings, deep nesting), deleted or added, and whole bodies of the wrong shape.
 * Whatever comes in: no 5xx, no stack trace or internal detail in any answer, every refusal problem+json.
 * A route added to the server is fuzzed the day it is added: nothing here names a route.
 *
 * FUZZ_RUNS sets the runs per operation and caller (default 3); FUZZ_SEED replays a failing run.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 3);
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);

/** No token, a forged one, and a valid token of each kind of caller (world.ts). */
const FUZZ_CALLERS: Caller[] = [
  'anonymous',
  'forgedWrongKey',
  'memberA',
  'guestA',
  'customerService',
  'brokerOfRecord',
  'assertedA',
];

/** Routes the document leaves out on purpose (it describes itself and its own page nowhere). */
const UNDOCUMENTED = new Set(['GET /api/openapi.json', 'GET /api/docs']);

interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema: JsonSchema;
}
interface Operation {
  method: string;
  path: string;
  parameters: Parameter[];
  body: { contentType: string; schema: JsonSchema; required: boolean } | null;
  /**
   * The operation documents a refusal with another body than a problem: a browser's form post (the SAML
   * assertion consumer) answered with a page. Its refusals need not be problem+json; the rest holds.
   */
  answersWithPages: boolean;
}
interface OpenApiDocument {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Parameter[];
        requestBody?: { required?: boolean; content: Record<string, { schema: JsonSchema }> };
        responses?: Record<string, { content?: Record<string, { schema: JsonSchema }> }>;
      }
    >
  >;
  components: { schemas: Record<string, JsonSchema> };
}

interface FuzzRequest {
  url: string;
  headers: Record<string, string>;
  payload?: string;
  /** What was sent, short, for the failure report. */
  summary: string;
}

/** Names of the parts inside, which a refusal never needs (the public health route names its driver). */
const REFUSAL_LEAKS: [string, RegExp][] = [
  ['a driver or ORM name', /drizzle|pglite|node-postgres|pg-boss|\bpg_|postgres/i],
];

/** Internal detail an answer must never carry: stack frames, source paths, driver and SQL errors. */
const LEAKS: [string, RegExp][] = [
  ['a stack frame', /\n\s+at\s|\bat (?:async )?[\w.<>]+ \(/],
  ['a source path', /node_modules|file:\/\/|\/apps\/server\/|\.(?:ts|mjs|cjs):\d+/],
  [
    'an SQL error',
    /syntax error at or near|invalid input syntax|violates .* constraint|duplicate key|relation "|column "|Failed query|SQLSTATE|current transaction is aborted/i,
  ],
  [
    'a JavaScript error',
    /\b(?:TypeError|ReferenceError|RangeError|InternalError)\b|Cannot read propert|is not a function|undefined is not/,
  ],
];

/** Whether a schema describes a problem (type, title and status). */
function isProblemSchema(schema: JsonSchema, components: Record<string, JsonSchema>): boolean {
  const resolved = resolve(schema, { components, known: [] });
  return ['type', 'title', 'status'].every((key) => resolved.properties?.[key] !== undefined);
}

function operationsOf(document: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const content = Object.entries(operation.requestBody?.content ?? {})[0];
      operations.push({
        method: method.toUpperCase(),
        path,
        parameters: operation.parameters ?? [],
        body: content
          ? {
              contentType: content[0],
              schema: content[1].schema,
              required: operation.requestBody?.required ?? false,
            }
          : null,
        answersWithPages: Object.entries(operation.responses ?? {}).some(
          ([status, response]) =>
            Number(status) >= 400 &&
            Object.values(response.content ?? {}).some(
              (media) => !isProblemSchema(media.schema, document.components.schemas),
            ),
        ),
      });
    }
  }
  // An operation that ends the caller's session (sign-out) runs last, so the others still have a caller.
  return operations.sort((x, y) => Number(x.path.endsWith('/logout')) - Number(y.path.endsWith('/logout')));
}

/**
 * Every string the world's records hold (ids, numbers, names), by the name of the field that holds it:
 * a parameter of that name (`policyId`, `householdId`, …) takes a real one when the request is meant to
 * be valid, so that valid callers get past the record lookups to the handlers' own rules.
 */
function knownValues(world: World): Map<string, string[]> {
  const byName = new Map<string, string[]>();
  for (const record of [world.a, world.aRecords, world.b, { brokerId: world.brokerOfRecordId }]) {
    for (const [name, value] of Object.entries(record)) {
      if (typeof value !== 'string' || value.length === 0) continue;
      const key = name.toLowerCase();
      byName.set(key, [...(byName.get(key) ?? []), value]);
    }
  }
  return byName;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a text satisfies a string schema's format, pattern and lengths. */
function fits(schema: JsonSchema, value: string): boolean {
  if (schema.format === 'uuid' && !UUID.test(value)) return false;
  if (schema.pattern !== undefined && !new RegExp(schema.pattern).test(value)) return false;
  return value.length >= (schema.minLength ?? 0) && value.length <= (schema.maxLength ?? Infinity);
}

/** A real value for a parameter named `name`: the world's field of that name, or one ending the same way (`id` → every id). */
function knownFor(name: string, known: Map<string, string[]>): string[] {
  const key = name.toLowerCase();
  const exact = known.get(key);
  if (exact) return exact;
  const similar = [...known.entries()]
    .filter(([field]) => field.endsWith(key))
    .flatMap(([, values]) => values);
  return similar;
}

/** A URL carries UTF-8: a lone surrogate goes as U+FFFD (what a browser sends). */
const wellFormed = (text: string): string =>
  text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');

// JSON.stringify gives undefined for undefined (the generated values hold no functions or symbols).
const queryText = (value: unknown): string =>
  typeof value === 'string' ? value : value === undefined ? '' : JSON.stringify(value);

function bodyArb(
  operation: Operation,
  context: SchemaContext,
  validOnly: boolean,
): fc.Arbitrary<{ payload?: string; contentType?: string; summary: string }> {
  const json = (kind: string) => (value: unknown) => ({
    payload: JSON.stringify(value),
    contentType: 'application/json',
    summary: `${kind} JSON body`,
  });
  const wrongShape = hostileBody.map(json('wrong-shape'));
  const broken = fc
    .constantFrom('{"a":', '[1,2', 'null', '"', '{"a":1}}', '\u0000')
    .map((text) => ({ payload: text, contentType: 'application/json', summary: 'broken JSON text' }));
  const wrongType = fc
    .string({ maxLength: 40 })
    .map((text) => ({ payload: text, contentType: 'text/plain', summary: 'text/plain body' }));
  const none = fc.constant({ summary: 'no body' });
  if (operation.body === null) {
    if (validOnly) return none;
    return fc.oneof(
      { arbitrary: none, weight: 4 },
      { arbitrary: wrongShape, weight: 2 },
      { arbitrary: broken, weight: 1 },
    );
  }
  const valid = arbitraryFor(operation.body.schema, context);
  const mutated = fc.tuple(valid, mutationArb).map(([value, mutation]) => mutate(value, mutation));
  if (operation.body.contentType === 'application/x-www-form-urlencoded') {
    const form = (kind: string) => (value: unknown) => {
      const fields: [string, unknown][] =
        value !== null && typeof value === 'object' && !Array.isArray(value)
          ? Object.entries(value)
          : [['value', value]];
      const params = new URLSearchParams(
        fields.map(([key, field]): [string, string] => [key, queryText(field)]),
      );
      return {
        payload: params.toString(),
        contentType: 'application/x-www-form-urlencoded',
        summary: `${kind} form body`,
      };
    };
    if (validOnly) return valid.map(form('valid'));
    return fc.oneof(
      { arbitrary: valid.map(form('valid')), weight: 3 },
      { arbitrary: mutated.map(form('mutated')), weight: 4 },
      { arbitrary: none, weight: 1 },
      { arbitrary: wrongShape, weight: 1 },
    );
  }
  if (validOnly) return valid.map(json('valid'));
  return fc.oneof(
    { arbitrary: valid.map(json('valid')), weight: 3 },
    { arbitrary: mutated.map(json('mutated')), weight: 5 },
    { arbitrary: wrongShape, weight: 2 },
    { arbitrary: broken, weight: 1 },
    { arbitrary: wrongType, weight: 1 },
    { arbitrary: none, weight: 1 },
  );
}

/**
 * A request to the operation: either meant to be valid (parameters and body from the schemas, path
 * parameters naming the world's real records) or malformed (any part may be hostile).
 */
function requestArb(
  operation: Operation,
  context: SchemaContext,
  known: Map<string, string[]>,
  token: string | null,
  validOnly: boolean,
): fc.Arbitrary<FuzzRequest> {
  const pathParameters = operation.parameters.filter((parameter) => parameter.in === 'path');
  const queryParameters = operation.parameters.filter((parameter) => parameter.in === 'query');
  const pathValues = fc.tuple(
    ...pathParameters.map((parameter) => {
      const fromSchema = arbitraryFor(parameter.schema, context).map(queryText);
      const real = knownFor(parameter.name, known).filter((value) =>
        fits(resolve(parameter.schema, context), value),
      );
      const valid =
        real.length > 0
          ? fc.oneof({ arbitrary: fc.constantFrom(...real), weight: 4 }, { arbitrary: fromSchema, weight: 1 })
          : fromSchema;
      return validOnly
        ? valid
        : fc.oneof({ arbitrary: valid, weight: 3 }, { arbitrary: hostileText, weight: 2 });
    }),
  );
  const queryValues = fc.tuple(
    ...queryParameters.map((parameter) => {
      const fromSchema = arbitraryFor(parameter.schema, context);
      const value = validOnly
        ? fromSchema
        : fc.oneof(
            { arbitrary: fromSchema, weight: 3 },
            { arbitrary: hostileText, weight: 2 },
            // A scalar parameter given twice arrives as an array.
            { arbitrary: fc.tuple(hostileText, hostileText), weight: 1 },
          );
      return parameter.required ? value : fc.option(value, { nil: undefined, freq: 2 });
    }),
  );
  const isCommand = operation.method !== 'GET';
  const goodKey = fc.uuid().map((key) => `fuzz-${key}`);
  const idempotencyKey = validOnly
    ? goodKey
    : fc.oneof(
        { arbitrary: goodKey, weight: 8 },
        {
          arbitrary: fc.constantFrom<string | undefined>(undefined, '', 'k'.repeat(300), 'ключ', 'a b'),
          weight: 1,
        },
      );
  return fc
    .record({
      path: pathValues,
      query: queryValues,
      body: bodyArb(operation, context, validOnly),
      key: idempotencyKey,
      extraQuery: validOnly ? fc.constant(undefined) : fc.option(hostileText, { nil: undefined, freq: 6 }),
    })
    .map(({ path: values, query, body, key, extraQuery }) => {
      let url = operation.path;
      pathParameters.forEach((parameter, index) => {
        url = url.replace(`{${parameter.name}}`, encodeURIComponent(wellFormed(values[index] ?? '')));
      });
      const search = new URLSearchParams();
      queryParameters.forEach((parameter, index) => {
        const value = query[index];
        if (value === undefined) return;
        for (const item of Array.isArray(value) ? value : [value])
          search.append(parameter.name, queryText(item));
      });
      if (extraQuery !== undefined) search.append('__proto__', extraQuery);
      const queryString = search.toString();
      const headers: Record<string, string> = {};
      if (token) headers.authorization = `Bearer ${token}`;
      if (isCommand && key !== undefined) headers['idempotency-key'] = key;
      if (body.contentType) headers['content-type'] = body.contentType;
      return {
        url: queryString ? `${url}?${queryString}` : url,
        headers,
        ...(body.payload === undefined ? {} : { payload: body.payload }),
        summary: `${body.summary}${body.payload === undefined ? '' : ` (${body.payload.length} chars): ${body.payload.slice(0, 300)}`}`,
      };
    });
}

/** What is wrong with an answer (nothing: null). */
function faultIn(response: LightMyRequestResponse, operation: Operation): string | null {
  if (response.statusCode >= 500) return `answered ${response.statusCode}`;
  const contentType = response.headers['content-type'] ?? '';
  const text = contentType.startsWith('application/pdf') ? '' : response.body;
  for (const [what, pattern] of LEAKS) {
    if (pattern.test(text)) return `the answer carries ${what}`;
  }
  if (response.statusCode >= 400) {
    for (const [what, pattern] of REFUSAL_LEAKS) {
      if (pattern.test(text)) return `the refusal carries ${what}`;
    }
    if (operation.answersWithPages) return null;
    if (!contentType.startsWith('application/problem+json'))
      return `a refusal (${response.statusCode}) as ${contentType || 'no content type'}, not problem+json`;
    let problem: { type?: unknown; title?: unknown; status?: unknown };
    try {
      problem = JSON.parse(response.body) as typeof problem;
    } catch {
      return 'a problem+json refusal that is not JSON';
    }
    if (
      typeof problem.type !== 'string' ||
      typeof problem.title !== 'string' ||
      problem.status !== response.statusCode
    ) {
      return 'a problem+json refusal without its type, title and status';
    }
  }
  return null;
}

describe('API fuzzing from the OpenAPI document', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let world: World;
  let sandbox: TestSandbox;
  let document: OpenApiDocument;
  let context: SchemaContext;
  let known: Map<string, string[]>;
  /** Status codes seen per operation (to show the fuzzer gets past validation). */
  const seen = new Map<string, Map<number, number>>();

  beforeAll(async () => {
    sandbox = await startTestSandbox();
    database = await openTestDatabase();
    let dataDir: string;
    ({ app, dataDir } = await buildTestApp({ database: database.handle, processor: sandbox.processor }));
    world = await buildWorld(app, database.handle.db, dataDir);
    document = (await app.inject({ url: '/api/openapi.json' })).json<OpenApiDocument>();
    known = knownValues(world);
    context = { components: document.components.schemas, known: [...known.values()].flat() };
  });
  afterAll(async () => {
    await app.close();
    await sandbox.close();
    await database.dispose();
  });

  it('the document describes every API route the server has (so every route is fuzzed)', () => {
    const documented = new Set(
      operationsOf(document).map(
        (operation) => `${operation.method} ${operation.path.replace(/\{(\w+)\}/g, ':$1')}`,
      ),
    );
    const routes = app.routeTable.filter(
      (route) => route.includes(' /api/') && !route.startsWith('HEAD ') && !UNDOCUMENTED.has(route),
    );
    expect(routes.filter((route) => !documented.has(route))).toEqual([]);
    expect(documented.size).toBeGreaterThanOrEqual(routes.length);
  });

  it('every schema in the document can be generated from', () => {
    for (const operation of operationsOf(document)) {
      if (operation.body)
        fc.sample(arbitraryFor(resolve(operation.body.schema, context), context), { numRuns: 3, seed: 1 });
      for (const parameter of operation.parameters)
        fc.sample(arbitraryFor(parameter.schema, context), { numRuns: 3, seed: 1 });
    }
  });

  // One test for all operations: the document only exists once the app does (after collection). Every
  // operation is fuzzed and every failure reported, not only the first.
  it(
    'fuzzes every operation without a token and with each kind of caller',
    { timeout: 20 * 60_000 },
    async () => {
      const failures: string[] = [];
      for (const operation of operationsOf(document)) {
        const name = `${operation.method} ${operation.path}`;
        const statuses = new Map<number, number>();
        seen.set(name, statuses);
        for (const caller of FUZZ_CALLERS) {
          const details = await fc.check(
            fc.asyncProperty(
              fc
                .boolean()
                .chain((validOnly) => requestArb(operation, context, known, world.tokens[caller], validOnly)),
              async (request) => {
                const response = await app.inject({
                  method: operation.method as InjectOptions['method'],
                  url: request.url,
                  headers: request.headers,
                  ...(request.payload === undefined ? {} : { payload: request.payload }),
                });
                statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
                const fault = faultIn(response, operation);
                if (fault)
                  throw new Error(
                    `${name} as ${caller}: ${fault}\n  sent ${request.url.slice(0, 160)} with ${request.summary.slice(0, 240)}\n  got ${response.statusCode} ${response.body.slice(0, 400)}`,
                  );
              },
            ),
            { numRuns: RUNS, endOnFailure: true, ...(SEED === undefined ? {} : { seed: SEED }) },
          );
          if (details.failed) {
            const error =
              details.errorInstance instanceof Error
                ? details.errorInstance.message
                : String(details.errorInstance);
            failures.push(`${error}\n  (replay: FUZZ_SEED=${details.seed})`);
            break;
          }
        }
      }
      expect(failures, failures.join('\n\n')).toEqual([]);
      // The fuzzer is worth something only if valid callers get past validation and access checks to the
      // handlers: an answer (2xx) or a business rule's refusal (409, 422).
      const reached = [...seen.values()].filter((statuses) =>
        [...statuses.keys()].some((status) => status < 300 || status === 409 || status === 422),
      ).length;
      expect(reached / seen.size).toBeGreaterThan(0.5);
    },
  );
});
