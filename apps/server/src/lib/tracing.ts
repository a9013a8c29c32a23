import { FastifyOtelInstrumentation } from '@fastify/otel';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { ATTR_SERVICE_NAME, ATTR_SERVICE_VERSION } from '@opentelemetry/semantic-conventions';
import type { FastifyPluginCallback } from 'fastify';
import type { TracingSettings } from '../settings';

/** Routes never traced: probes and scrapes arrive every few seconds and say nothing about members' requests. */
const UNTRACED = /^\/(api\/health|metrics)(\/|$)/;

/** Whether the global propagator and context manager were set (once per process: tests build many apps). */
let registered = false;

export interface Tracing {
  /** The Fastify plugin that opens a span per request (register it before every other plugin and route). */
  plugin: FastifyPluginCallback;
  /** Sends the spans still buffered and stops the exporter (the app's close). */
  shutdown(): Promise<void>;
}

/**
 * OpenTelemetry traces, exported over OTLP/HTTP when configured (issue 40, docs/decisions/049): one span
 * per request from @fastify/otel — named `METHOD /route/:pattern`, with the status, the route, the path
 * without its query string (which may carry what a member typed) and the request id the logs carry — and one
 * child span for the handler; a `traceparent` header from the proxy or the browser makes it part of that
 * trace. Spans are batched and sent to `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT` (or
 * `OTEL_EXPORTER_OTLP_ENDPOINT` + `/v1/traces`), with `OTEL_EXPORTER_OTLP_HEADERS`; nothing is traced or
 * sent without an endpoint. Hooks get no spans of their own (the portal has a dozen per request).
 */
export function createTracing(settings: TracingSettings): Tracing {
  const exporter = new OTLPTraceExporter({ url: settings.tracesUrl });
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({
      [ATTR_SERVICE_NAME]: settings.serviceName,
      [ATTR_SERVICE_VERSION]: settings.version,
    }),
    spanProcessors: [new BatchSpanProcessor(exporter, { scheduledDelayMillis: settings.exportDelayMs })],
  });
  if (!registered) {
    // W3C trace context (traceparent) and a context manager on async hooks, process-wide.
    provider.register();
    registered = true;
  }
  const instrumentation = new FastifyOtelInstrumentation({
    instrumentHooks: false,
    ignorePaths: (route: { url?: string }) => UNTRACED.test(route.url ?? ''),
    requestHook: (span, request) => {
      span.updateName(`${request.method} ${request.routeOptions.url ?? 'unmatched'}`);
      span.setAttribute('url.path', request.url.split('?')[0] ?? '');
      span.setAttribute('portal.request_id', request.id);
    },
  });
  instrumentation.setTracerProvider(provider);
  return {
    plugin: instrumentation.plugin(),
    shutdown: () => provider.shutdown(),
  };
}
