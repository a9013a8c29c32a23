import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Health } from '@portal/contracts';
import { apiGet } from '../../lib/api';

/** GET /api/health. A 503 still carries a Health body (the database is down), so it is not an error. */
export const getHealth = (signal?: AbortSignal): Promise<Health> =>
  apiGet('/api/health', (c) => c.HealthSchema, { acceptStatuses: [503], ...(signal ? { signal } : {}) });

export const healthQueryOptions = () =>
  queryOptions({ queryKey: ['health'], queryFn: ({ signal }) => getHealth(signal) });

export const useHealth = () => useQuery(healthQueryOptions());
