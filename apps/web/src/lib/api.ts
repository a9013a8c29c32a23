import { ProblemSchema, type Problem } from '@portal/contracts';
import type { z } from 'zod';

/** An API answer that was not 2xx, carrying the server's problem details when it sent them. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly problem: Problem | undefined,
  ) {
    super(problem?.title ?? `HTTP ${status}`);
  }
}

/**
 * Calls the portal API and parses the answer with the contract's schema, so a response that does not
 * match what the server promises fails loudly here rather than deep in a component.
 */
export async function apiGet<S extends z.ZodType>(
  path: string,
  schema: S,
  options: { acceptStatuses?: number[]; signal?: AbortSignal } = {},
): Promise<z.infer<S>> {
  const response = await fetch(path, {
    headers: { Accept: 'application/json' },
    ...(options.signal ? { signal: options.signal } : {}),
  });
  const accepted = response.ok || (options.acceptStatuses ?? []).includes(response.status);
  const body: unknown = await response.json().catch(() => undefined);
  if (!accepted) {
    const problem = ProblemSchema.safeParse(body);
    throw new ApiError(response.status, problem.success ? problem.data : undefined);
  }
  return schema.parse(body);
}
