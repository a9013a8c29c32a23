import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { getCredential, setCredential } from '../../lib/auth/credentials';
import { testConfig } from '../../test/config';
import { fakeFetch, type Call } from '../../test/render-portal';
import { createQueryClient, PortalProviders } from '../portal-app';
import { announcementCheckpoint } from './idle-dialog';
import { IdleWatch } from './idle-watch';
import { KeepAlive } from './keep-alive';

const config = testConfig({ account: { session: { idleTimeSeconds: 60, idleTimeoutSeconds: 30 } } });

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

function renderWatch(calls: Call[]) {
  setCredential({ kind: 'portal', type: 'guest', key: 'guest-session-key' });
  vi.stubGlobal('fetch', fakeFetch({}, calls));
  render(
    <PortalProviders config={config} queryClient={createQueryClient()}>
      <MemoryRouter initialEntries={['/account-overview']}>
        <Routes>
          <Route path="/account-overview" element={<IdleWatch crossTab={false} />} />
          <Route path="/auth/signed-out" element={<p>signed-out page</p>} />
        </Routes>
      </MemoryRouter>
    </PortalProviders>,
  );
}

describe('idle session (SPEC §4, §9)', () => {
  beforeEach(() => {
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date', 'performance'],
    });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('warns after the idle period with a live mm:ss countdown, and stays signed in on request', async () => {
    renderWatch([]);
    await advance(59_000);
    expect(screen.queryByRole('dialog')).toBeNull();
    await advance(1_000);
    const dialog = screen.getByRole('dialog', { name: 'Are you still there?' });
    expect(screen.getByRole('timer').textContent).toBe('00:30');
    await advance(5_000);
    expect(screen.getByRole('timer').textContent).toBe('00:25');
    // Escape does not close it: only the two buttons do (SPEC §2).
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.getByRole('dialog')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Stay signed in' }));
    await advance(0);
    expect(screen.queryByRole('dialog')).toBeNull();
    // The watch starts again from the beginning.
    await advance(59_000);
    expect(screen.queryByRole('dialog')).toBeNull();
    await advance(1_500);
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('activity before the idle period resets the watch', async () => {
    renderWatch([]);
    await advance(50_000);
    fireEvent.mouseMove(document);
    await advance(50_000);
    expect(screen.queryByRole('dialog')).toBeNull();
    await advance(11_000);
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('signs out when the countdown reaches zero and shows the logged-out screen', async () => {
    const calls: Call[] = [];
    renderWatch(calls);
    await advance(60_000);
    expect(screen.getByRole('timer').textContent).toBe('00:30');
    await advance(29_000);
    expect(screen.getByRole('timer').textContent).toBe('00:01');
    await advance(2_000);
    // Ending the session talks to the server (a few more ticks of the fake clock for the responses).
    for (let step = 0; step < 10 && !screen.queryByText('signed-out page'); step += 1) await advance(100);
    expect(screen.getByText('signed-out page')).toBeTruthy();
    expect(getCredential()).toBeNull();
    // The server ends the session (docs/decisions/050): the call carries the CSRF header, never a token.
    expect(
      calls.some(
        (call) =>
          call.method === 'POST' &&
          call.url === '/auth/end' &&
          call.csrf === '1' &&
          call.authorization === null,
      ),
    ).toBe(true);
  });

  it('announces the time left at a few moments only, not every second', () => {
    const spoken = new Set(Array.from({ length: 30 }, (_, index) => announcementCheckpoint(30 - index, 30)));
    expect([...spoken]).toEqual([30, 20, 10, 5]);
  });

  it('pings the keep-alive URL at the configured interval, with the session cookie, no token (SPEC §4, §9)', async () => {
    const calls: Call[] = [];
    setCredential({ kind: 'portal', type: 'guest', key: 'guest-session-key' });
    vi.stubGlobal('fetch', fakeFetch({}, calls));
    const keepAliveConfig = testConfig({
      account: { session: { keepAliveIntervalSeconds: 15, keepAliveUrl: '/api/health' } },
    });
    render(
      <PortalProviders config={keepAliveConfig} queryClient={createQueryClient()}>
        <KeepAlive />
      </PortalProviders>,
    );
    await advance(14_000);
    expect(calls.filter((call) => call.url === '/api/health')).toHaveLength(0);
    await advance(1_000);
    await advance(15_000);
    const pings = calls.filter((call) => call.url === '/api/health');
    expect(pings).toHaveLength(2);
    expect(pings[0]?.authorization).toBeNull();
    expect(pings[0]?.csrf).toBe('1');
  });
});
