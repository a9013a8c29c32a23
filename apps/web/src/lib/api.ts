import { mayAttachAccessToken } from '@portal/domain';
import type { Problem } from '@portal/contracts';
import type { z } from 'zod';
import { logClientEvent } from './client-log';
import { CSRF_HEADERS } from './csrf';
import { loadContracts, loadedContracts, type ContractsModule } from './contracts';
import { pageSettled, whenPageSettled } from './first-page';

/** RFC 9457 `type` of a 401 (contracts' ProblemType.unauthenticated, spelled here to keep zod off the first render). */
const UNAUTHENTICATED = 'urn:portal:problem:unauthenticated';

/** An API answer that was not 2xx, carrying the server's problem details when it sent them. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly problem: Problem | undefined,
  ) {
    super(problem?.title ?? `HTTP ${status}`);
  }

  /** The stable problem `type` (RFC 9457), e.g. `urn:portal:problem:rate-limited`. */
  get type(): string | undefined {
    return this.problem?.type;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/** The session behind the token has ended (expired, revoked, signed out elsewhere). */
export const isSessionEnded = (error: unknown): boolean =>
  isApiError(error) && (error.status === 401 || error.type === UNAUTHENTICATED);

interface ApiHooks {
  /** Whether someone is signed in in this browser (their session cookie goes with every call). */
  isSignedIn: () => boolean;
  /** SPEC §8 + identity: a 401 on a call made while signed in means the session ended. */
  onSessionEnded: () => void;
  /** An answer used before the first page was shown turned out not to match its contract. */
  onContractViolation: () => void;
  /** How calls are sent: the browser's fetch; on the server, the portal's own routes in process (entry-server.tsx). */
  fetch: typeof fetch;
  /** This app's origin (the browser's; on the server, the request's). */
  origin: () => string;
}

let hooks: ApiHooks = {
  isSignedIn: () => false,
  onSessionEnded: () => undefined,
  onContractViolation: () => undefined,
  fetch: (input, init) => fetch(input, init),
  origin: () => window.location.origin,
};

/** The server said the session is gone although this page thought someone was signed in. */
export function sessionEnded(): void {
  hooks.onSessionEnded();
}

/** Wired once by the shell: who is signed in, what a 401 does and what a broken contract does. */
export function configureApi(next: Partial<ApiHooks>): void {
  hooks = { ...hooks, ...next };
}

/**
 * SPEC §6: credentials go only to allowed API URLs; in a production build only to this host. Since
 * docs/decisions/050 the credential is the session cookie the browser sends to this origin by itself; this
 * decides where the CSRF header goes and which 401s mean the session ended.
 */
const ALLOWED_API_URLS = ['/api/'];

/** This app's origin: the browser's, or on the server the request's (entry-server.tsx). */
export const appOrigin = (): string => hooks.origin();

export function mayAttachToken(url: string): boolean {
  return mayAttachAccessToken(url, {
    appOrigin: hooks.origin(),
    allowedUrls: ALLOWED_API_URLS,
    production: import.meta.env.PROD,
  });
}

export interface RequestOptions {
  body?: unknown;
  signal?: AbortSignal | undefined;
  /** Non-2xx statuses whose body is still a valid answer (e.g. 503 from the health check). */
  acceptStatuses?: number[];
  /** A public call: its 401 does not mean the session ended. */
  anonymous?: boolean;
  /** Extra request headers (e.g. `Idempotency-Key` on commands). */
  headers?: Record<string, string>;
}

async function send(method: string, path: string, options: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  const ours = mayAttachToken(path);
  const signedIn = !options.anonymous && ours && hooks.isSignedIn();
  const response = await hooks.fetch(path, {
    method,
    headers: ours ? { ...headers, ...CSRF_HEADERS } : headers,
    credentials: 'same-origin',
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  if (response.status === 401 && signedIn) hooks.onSessionEnded();
  return response;
}

async function failure(response: Response): Promise<ApiError> {
  const body: unknown = await response.json().catch(() => undefined);
  const { ProblemSchema } = await loadContracts();
  const problem = ProblemSchema.safeParse(body);
  return new ApiError(response.status, problem.success ? problem.data : undefined);
}

/** Picks the contract schema of an answer (the schemas load lazily, see lib/contracts.ts). */
export type SchemaPick<S extends z.ZodType> = (contracts: ContractsModule) => S;

/**
 * An answer that came before the page settled (lib/first-page.ts), checked against its contract once the
 * schemas have loaded: a mismatch is logged and handled like a failed call (SPEC §8: the error page).
 */
function checkAfterFirstPage(method: string, path: string, body: unknown, pick: SchemaPick<z.ZodType>): void {
  void whenPageSettled()
    .then(loadContracts)
    .then((contracts) => {
      const result = pick(contracts).safeParse(body);
      if (result.success) return;
      logClientEvent({
        level: 'error',
        event: 'api.contract',
        message: 'An API answer did not match its contract',
        // The route of the call and where the answer differs, never the data.
        details: {
          call: `${method} ${path.split('?')[0] ?? ''}`.slice(0, 200),
          issues: result.error.issues
            .slice(0, 5)
            .map((issue) => `${issue.path.join('.')}: ${issue.code}`)
            .join('; '),
        },
      });
      hooks.onContractViolation();
    })
    .catch(() => undefined);
}

/**
 * Calls the portal API and parses the answer with the contract's schema, so a response that does not
 * match what the server promises fails loudly here rather than deep in a component. Until the page of a
 * visit has settled (its first page shown, then the visitor's first input or a few quiet seconds:
 * lib/first-page.ts) the schemas are not loaded for it (docs/decisions/033): those answers — which the
 * server has already checked against the same schemas on the way out — are used as they come and checked
 * once the schemas have loaded (checkAfterFirstPage).
 */
export async function apiRequest<S extends z.ZodType>(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  pick: SchemaPick<S>,
  options: RequestOptions = {},
): Promise<z.infer<S>> {
  const response = await send(method, path, options);
  const accepted = response.ok || (options.acceptStatuses ?? []).includes(response.status);
  if (!accepted) throw await failure(response);
  const body: unknown = response.status === 204 ? null : await response.json().catch(() => undefined);
  const contracts = loadedContracts();
  // An answer that is not JSON at all is refused at once (the schemas load for that).
  if (contracts === null && !pageSettled() && body !== undefined) {
    checkAfterFirstPage(method, path, body, pick);
    return body as z.infer<S>;
  }
  const schema = pick(contracts ?? (await loadContracts()));
  return schema.parse(body);
}

export const apiGet = <S extends z.ZodType>(
  path: string,
  pick: SchemaPick<S>,
  options: RequestOptions = {},
) => apiRequest('GET', path, pick, options);

export const apiPost = <S extends z.ZodType>(
  path: string,
  pick: SchemaPick<S>,
  body: unknown,
  options: RequestOptions = {},
) => apiRequest('POST', path, pick, { ...options, body });

export const apiPut = <S extends z.ZodType>(
  path: string,
  pick: SchemaPick<S>,
  body: unknown,
  options: RequestOptions = {},
) => apiRequest('PUT', path, pick, { ...options, body });

/**
 * A command (a change) with its `Idempotency-Key` (docs/decisions/015): the same key makes a retry of
 * the same request harmless, the server answers it with the first result.
 */
export const apiCommand = <S extends z.ZodType>(
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  pick: SchemaPick<S>,
  body: unknown,
  idempotencyKey: string,
  options: RequestOptions = {},
) =>
  apiRequest(method, path, pick, {
    ...options,
    body,
    headers: { ...options.headers, 'Idempotency-Key': idempotencyKey },
  });

/** A fresh idempotency key for one attempt of a command. */
export const newIdempotencyKey = (): string => crypto.randomUUID();

/** A call whose answer is not read (204, or a body that does not matter such as the keep-alive). */
export async function apiSend(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  options: RequestOptions = {},
): Promise<unknown> {
  const response = await send(method, path, options);
  const accepted = response.ok || (options.acceptStatuses ?? []).includes(response.status);
  if (!accepted) throw await failure(response);
  return response.status === 204 ? null : await response.json().catch(() => null);
}

/** A binary answer (a document's PDF), with the same session rules and errors as every call. */
export async function apiBlob(path: string, options: RequestOptions = {}): Promise<Blob> {
  const response = await send('GET', path, {
    ...options,
    headers: { ...options.headers, Accept: 'application/pdf, application/problem+json' },
  });
  if (!response.ok) throw await failure(response);
  return response.blob();
}

/**
 * An event stream (Server-Sent Events) of the API, opened like every call (the session cookie, the 401
 * rule). The caller reads `body`; 204 means there is nothing to follow.
 */
export async function apiEventStream(path: string, signal: AbortSignal): Promise<Response> {
  const response = await send('GET', path, { signal, headers: { Accept: 'text/event-stream' } });
  if (!response.ok) throw await failure(response);
  return response;
}
