import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp } from './app';
import { openTestDatabase, type TestDatabase } from './database';
import { createAccount, createMemberWithPolicy, PASSWORD } from './fixtures';
import { signIn } from './oidc';

/**
 * Issue 40, item 3 (docs/decisions/049): traces exportable by configuration — with an OTLP endpoint a request
 * makes a span that reaches the collector, part of the trace the proxy started; and the request id the
 * proxy made is the one every instance's logs and spans carry. A tiny OTLP/HTTP receiver stands in for
 * the collector.
 */

interface OtlpAttribute {
  key: string;
  value: { stringValue?: string; intValue?: string | number };
}
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  attributes: OtlpAttribute[];
}

/** Receives OTLP/HTTP JSON exports (`POST /v1/traces`) and keeps their spans. */
async function startReceiver() {
  const spans: OtlpSpan[] = [];
  const services: string[] = [];
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      if (request.method === 'POST' && request.url === '/v1/traces') {
        const exported = JSON.parse(body) as {
          resourceSpans: { resource: { attributes: OtlpAttribute[] }; scopeSpans: { spans: OtlpSpan[] }[] }[];
        };
        for (const resource of exported.resourceSpans) {
          services.push(
            resource.resource.attributes.find((attribute) => attribute.key === 'service.name')?.value
              .stringValue ?? '',
          );
          for (const scope of resource.scopeSpans) spans.push(...scope.spans);
        }
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
  return {
    url,
    spans,
    services,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
      }),
  };
}

const attribute = (span: OtlpSpan, key: string) => {
  const value = span.attributes.find((one) => one.key === key)?.value;
  return value?.stringValue ?? (value?.intValue === undefined ? undefined : Number(value.intValue));
};

/** What HAProxy's `unique-id-format %{+X}o%ci:%cp_%fi:%fp_%Ts_%rt:%pid` makes (bench/fleet). */
const PROXY_REQUEST_ID = '7F000001:B180_7F000001:9459_6B153D9B_0036:1E30';
const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const PARENT_SPAN_ID = '00f067aa0ba902b7';

describe('issue 40: OpenTelemetry traces and the request id across instances', () => {
  let database: TestDatabase;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  const apps: { app: FastifyInstance; logs: string[] }[] = [];

  beforeAll(async () => {
    receiver = await startReceiver();
    database = await openTestDatabase();
    // Two instances on one database, as behind the proxy: both export, both log every request.
    for (let index = 0; index < 2; index += 1) {
      apps.push(
        await buildTestApp({
          database: database.handle,
          captureLogs: true,
          env: {
            OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
            OTEL_SERVICE_NAME: 'portal-under-test',
            OTEL_BSP_SCHEDULE_DELAY: '50',
          },
        }),
      );
    }
  });
  afterAll(async () => {
    for (const { app } of apps) await app.close();
    await database.dispose();
    await receiver.close();
  });

  it('a request makes a span that reaches the OTLP receiver, in the trace the proxy started, named by its route', async () => {
    const [first] = apps;
    if (!first) throw new Error('an app expected');
    const member = await createMemberWithPolicy(database.handle.db);
    const account = await createAccount(database.handle.db, {
      realm: 'consumer',
      roles: ['member'],
      memberId: member.memberId,
    });
    const { accessToken } = await signIn(first.app, 'consumer', account.username, PASSWORD);
    const response = await first.app.inject({
      method: 'GET',
      url: `/api/v1/Policy/${member.policyId}?typed=whatever-a-member-typed`,
      headers: {
        authorization: `Bearer ${accessToken}`,
        traceparent: `00-${TRACE_ID}-${PARENT_SPAN_ID}-01`,
        'x-request-id': PROXY_REQUEST_ID,
      },
    });
    expect(response.statusCode).toBe(200);
    // Probes are not traced.
    expect((await first.app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);

    const deadline = Date.now() + 10_000;
    let span: OtlpSpan | undefined;
    while (!span && Date.now() < deadline) {
      span = receiver.spans.find((one) => one.name === 'GET /api/v1/Policy/:policyId');
      if (!span) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(span, `spans received: ${receiver.spans.map((one) => one.name).join(', ')}`).toBeDefined();
    expect(span?.traceId).toBe(TRACE_ID);
    expect(span?.parentSpanId).toBe(PARENT_SPAN_ID);
    expect(span && attribute(span, 'http.route')).toBe('/api/v1/Policy/:policyId');
    expect(span && attribute(span, 'url.path')).toBe(`/api/v1/Policy/${member.policyId}`);
    expect(span && attribute(span, 'portal.request_id')).toBe(PROXY_REQUEST_ID);
    expect(receiver.services).toContain('portal-under-test');
    expect(JSON.stringify(receiver.spans)).not.toContain('whatever-a-member-typed');
    expect(receiver.spans.some((one) => one.name.includes('/api/health'))).toBe(false);
  });

  it('the request id the proxy made is the one each instance answers with and logs', async () => {
    for (const [index, { app, logs }] of apps.entries()) {
      const id = `${PROXY_REQUEST_ID}${String(index)}`;
      const response = await app.inject({
        method: 'GET',
        url: '/api/v1/session',
        headers: { 'x-request-id': id },
      });
      expect(response.headers['x-request-id']).toBe(id);
      const lines = logs.map((line) => JSON.parse(line) as { requestId?: string; msg?: string });
      expect(lines.filter((line) => line.requestId === id).map((line) => line.msg)).toContain(
        'request completed',
      );
    }
  });
});

describe('traces are off unless configured', () => {
  it('without an endpoint, and with OTEL_SDK_DISABLED=true even with one: nothing is exported', async () => {
    const database = await openTestDatabase();
    const receiver = await startReceiver();
    try {
      const { app: plain } = await buildTestApp({ database: database.handle });
      expect(plain.settings.tracing.tracesUrl).toBeUndefined();
      await plain.close();
      const { app } = await buildTestApp({
        database: database.handle,
        env: {
          OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
          OTEL_SDK_DISABLED: 'true',
          OTEL_BSP_SCHEDULE_DELAY: '50',
        },
      });
      expect((await app.inject({ method: 'GET', url: '/api/v1/session' })).statusCode).toBe(401);
      await new Promise((resolve) => setTimeout(resolve, 300));
      await app.close();
      expect(receiver.spans).toEqual([]);
    } finally {
      await receiver.close();
      await database.dispose();
    }
  });
});
