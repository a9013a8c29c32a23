import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiGet, configureApi } from './api';
import { forgetContracts, loadedContracts } from './contracts';
import { markFirstPageShown, markPageSettled, resetFirstPage, SCHEMAS_WAIT_MS } from './first-page';

// docs/decisions/033: answers that arrive before the page has settled — its first page shown, then the
// visitor's first input or a few quiet seconds — are used without loading the schemas (zod) and checked
// against the contract afterwards.

const session = { kind: 'nobody' };

describe('the API client before the first page is shown', { timeout: 30_000 }, () => {
  beforeEach(() => {
    // The web tests share modules across files: a visit that has loaded nothing yet.
    resetFirstPage();
    forgetContracts();
  });
  afterEach(() => {
    vi.useRealTimers();
    configureApi({ onContractViolation: () => undefined });
    markFirstPageShown();
    markPageSettled();
  });

  it('uses the answer without loading the schemas, then reports an answer that breaks its contract', async () => {
    resetFirstPage();
    const violation = vi.fn();
    configureApi({ onContractViolation: violation });
    const fetchMock = vi.fn((url: string) =>
      Promise.resolve(
        new Response(url === '/api/v1/Logging' ? null : JSON.stringify(session), {
          status: url === '/api/v1/Logging' ? 204 : 200,
        }),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);

    await expect(apiGet('/api/v1/session', (c) => c.SessionInfoSchema)).resolves.toEqual(session);
    expect(loadedContracts()).toBeNull();
    expect(violation).not.toHaveBeenCalled();

    markFirstPageShown();
    // The first page alone does not load them: the visitor has not done anything yet.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(loadedContracts()).toBeNull();
    expect(violation).not.toHaveBeenCalled();
    // The visitor presses a key: the schemas load now (a while on a busy machine).
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab' }));
    await vi.waitFor(
      () => {
        expect(violation).toHaveBeenCalledOnce();
      },
      { timeout: 10_000 },
    );
    const logged = fetchMock.mock.calls.find(([url]) => url === '/api/v1/Logging') as unknown as
      [string, RequestInit] | undefined;
    const event = (
      JSON.parse(logged?.[1].body as string) as { events: { event: string; details: { call: string } }[] }
    ).events[0];
    expect(event).toMatchObject({ event: 'api.contract', details: { call: 'GET /api/v1/session' } });
    // Once the first page is shown, answers are parsed before use again.
    await expect(apiGet('/api/v1/session', (c) => c.SessionInfoSchema)).rejects.toThrow();
  });

  it('reports nothing when the answer keeps its contract, checked a few quiet seconds after the first page', async () => {
    resetFirstPage();
    const violation = vi.fn();
    configureApi({ onContractViolation: violation });
    const problem = { type: 'urn:portal:problem:not-found', title: 'Not found', status: 404 };
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response(JSON.stringify(problem), { status: 200 }))),
    );
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await expect(apiGet('/api/v1/problem', (c) => c.ProblemSchema)).resolves.toEqual(problem);
    markFirstPageShown();
    // Nobody presses anything: the schemas load SCHEMAS_WAIT_MS after the first page, not before.
    await vi.advanceTimersByTimeAsync(SCHEMAS_WAIT_MS - 100);
    expect(loadedContracts()).toBeNull();
    await vi.advanceTimersByTimeAsync(200);
    vi.useRealTimers();
    await vi.waitFor(
      () => {
        expect(loadedContracts()).not.toBeNull();
      },
      { timeout: 10_000 },
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(violation).not.toHaveBeenCalled();
  });
});
