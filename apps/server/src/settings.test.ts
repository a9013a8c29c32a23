import { describe, expect, it } from 'vitest';
import {
  DEMO_ENROLLMENT_CLIENT_SECRET,
  loadSettings,
  parseTrustProxy,
  SettingsError,
  withSandboxPort,
} from './settings';

/** Production also needs its payment processor (docs/decisions/016). */
const processorEnv = {
  PROCESSOR_URL: 'https://api.processor.example/',
  PROCESSOR_API_KEY: 'sk_live_0123456789abcdef',
  PROCESSOR_WEBHOOK_SECRET: 'whsec_0123456789abcdef',
};

describe('demo mode (settings.demoMode, DEMO_MODE)', () => {
  it('is on by default only with the embedded database outside production', () => {
    expect(loadSettings({}).demoMode).toBe(true);
    expect(loadSettings({ NODE_ENV: 'test' }).demoMode).toBe(true);
    expect(loadSettings({ DATABASE_URL: 'postgres://db.example.internal/portal' }).demoMode).toBe(false);
    expect(loadSettings({ NODE_ENV: 'production', ...processorEnv }).demoMode).toBe(false);
  });

  it('follows DEMO_MODE when it is set', () => {
    expect(loadSettings({ DEMO_MODE: 'false' }).demoMode).toBe(false);
    expect(
      loadSettings({ DEMO_MODE: 'true', DATABASE_URL: 'postgres://db.example.internal/portal' }).demoMode,
    ).toBe(true);
    expect(() => loadSettings({ DEMO_MODE: 'yes' })).toThrow(/DEMO_MODE/);
  });

  it('is refused with NODE_ENV=production, in one line that says why and what to do', () => {
    expect(() => loadSettings({ NODE_ENV: 'production', DEMO_MODE: 'true' })).toThrow(SettingsError);
    try {
      loadSettings({
        NODE_ENV: 'production',
        DEMO_MODE: 'true',
        DATABASE_URL: 'postgres://db.example.internal/portal',
      });
    } catch (error) {
      const message = (error as Error).message;
      expect(message).not.toContain('\n');
      expect(message).toMatch(/^Refusing to start: DEMO_MODE=true with NODE_ENV=production/);
      expect(message).toContain('Remove DEMO_MODE');
    }
  });
});

describe('demo-only settings (DEMO_TODAY, DEMO_HOUSEHOLDS)', () => {
  it('are taken in demo mode and refused outside it, each in one line that names it', () => {
    expect(loadSettings({ DEMO_TODAY: '2026-12-01', DEMO_HOUSEHOLDS: '150' })).toMatchObject({
      demoToday: '2026-12-01',
      demoHouseholds: 150,
    });
    expect(loadSettings({}).demoHouseholds).toBeUndefined();
    const postgres = { DATABASE_URL: 'postgres://db.example.internal/portal' };
    expect(() => loadSettings({ ...postgres, DEMO_TODAY: '2026-12-01' })).toThrow(
      /^Refusing to start: DEMO_TODAY is a demo-mode setting/,
    );
    expect(() => loadSettings({ ...postgres, DEMO_HOUSEHOLDS: '150' })).toThrow(
      /^Refusing to start: DEMO_HOUSEHOLDS is a demo-mode setting/,
    );
    expect(() => loadSettings({ DEMO_HOUSEHOLDS: '-1' })).toThrow(/DEMO_HOUSEHOLDS/);
  });
});

describe('TRUST_PROXY', () => {
  it('takes true/false as before, a hop count, or addresses and CIDR ranges', () => {
    expect(loadSettings({}).trustProxy).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('true')).toBe(true);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('10.0.0.5')).toEqual(['10.0.0.5']);
    expect(parseTrustProxy(' 10.0.0.0/8, 192.168.1.10 ,fd00::/8,::1, loopback')).toEqual([
      '10.0.0.0/8',
      '192.168.1.10',
      'fd00::/8',
      '::1',
      'loopback',
    ]);
    expect(loadSettings({ TRUST_PROXY: '172.16.0.0/12' }).trustProxy).toEqual(['172.16.0.0/12']);
  });

  it('refuses anything else, naming the bad entry', () => {
    for (const bad of [
      'yes',
      '0',
      '11',
      '10.0.0.300',
      '10.0.0.0/33',
      'fd00::/129',
      'proxy.example.org',
      '10.0.0.1/8/2',
    ]) {
      expect(() => parseTrustProxy(bad), bad).toThrow(SettingsError);
    }
    expect(() => loadSettings({ TRUST_PROXY: '10.0.0.1, lb.internal' })).toThrow(/TRUST_PROXY.*lb\.internal/);
  });
});

const productionBase = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://db.example/portal',
  PUBLIC_URL: 'https://members.example.org',
};

describe('settings: demo mode and the payment processor', () => {
  it('runs the sandbox processor next to the portal in the embedded default (demo mode)', () => {
    const settings = loadSettings({ PORT: '4000', PUBLIC_URL: 'http://127.0.0.1:4000' });
    expect(settings.demoMode).toBe(true);
    expect(settings.processor).toMatchObject({
      mode: 'sandbox',
      port: 4001,
      url: 'http://127.0.0.1:4001',
      publicOrigin: 'http://127.0.0.1:4001',
      timeoutMs: 10_000,
    });
    const moved = loadSettings({
      PORT: '4000',
      PROCESSOR_PORT: '4050',
      PROCESSOR_PUBLIC_URL: 'https://pay.example.test/x',
      PROCESSOR_SETTLE_DELAY_MS: '500',
    });
    expect(moved.processor).toMatchObject({
      port: 4050,
      publicOrigin: 'https://pay.example.test',
      settleDelayMs: 500,
    });
  });

  it('is not in demo mode with PostgreSQL unless asked, and then has no processor without PROCESSOR_URL', () => {
    expect(loadSettings({ DATABASE_URL: 'postgres://localhost/x' })).toMatchObject({
      demoMode: false,
      processor: { mode: 'none' },
    });
    expect(loadSettings({ DATABASE_URL: 'postgres://localhost/x', DEMO_MODE: 'true' }).processor.mode).toBe(
      'sandbox',
    );
    expect(loadSettings({ DEMO_MODE: 'false' }).processor.mode).toBe('none');
  });

  it('uses an external processor at PROCESSOR_URL, which needs its key and webhook secret', () => {
    expect(loadSettings({ ...processorEnv }).processor).toMatchObject({
      mode: 'external',
      url: 'https://api.processor.example',
      publicOrigin: 'https://api.processor.example',
    });
    expect(() => loadSettings({ PROCESSOR_URL: 'https://api.processor.example' })).toThrow(
      /PROCESSOR_URL needs PROCESSOR_API_KEY and PROCESSOR_WEBHOOK_SECRET/,
    );
  });

  it('refuses production without a configured processor, or with demo mode, in one clear line', () => {
    expect(() => loadSettings(productionBase)).toThrow(
      new SettingsError(
        'Invalid environment: production needs a payment processor: set PROCESSOR_URL, PROCESSOR_API_KEY and PROCESSOR_WEBHOOK_SECRET',
      ),
    );
    expect(() => loadSettings({ ...productionBase, ...processorEnv, DEMO_MODE: 'true' })).toThrow(
      /Refusing to start: DEMO_MODE=true/,
    );
    expect(loadSettings({ ...productionBase, ...processorEnv })).toMatchObject({
      demoMode: false,
      processor: { mode: 'external' },
    });
  });

  it('learns the sandbox’s port once it listens when the portal’s port was 0', () => {
    const settings = loadSettings({ PORT: '0', HOST: '127.0.0.1' });
    expect(settings.processor.port).toBe(0);
    const listening = withSandboxPort(settings.processor, 43_210, settings.publicUrl);
    expect(listening).toMatchObject({
      port: 43_210,
      url: 'http://127.0.0.1:43210',
      publicOrigin: 'http://localhost:43210',
    });
  });
});

describe('running as several instances (issue 40, docs/decisions/044-045)', () => {
  it('drains for 5 s before stopping with PostgreSQL, not with the embedded database, unless told', () => {
    expect(loadSettings({}).shutdownDrainMs).toBe(0);
    expect(loadSettings({ DATABASE_URL: 'postgres://db/portal' }).shutdownDrainMs).toBe(5_000);
    expect(
      loadSettings({ DATABASE_URL: 'postgres://db/portal', SHUTDOWN_DRAIN_MS: '12000' }).shutdownDrainMs,
    ).toBe(12_000);
    expect(() => loadSettings({ SHUTDOWN_DRAIN_MS: '-1' })).toThrow(/SHUTDOWN_DRAIN_MS/);
  });

  it('puts the sandbox processor on a free port with PostgreSQL, where PORT+1 may be another instance’s PORT', () => {
    expect(loadSettings({ PORT: '3000' }).processor.port).toBe(3001);
    expect(
      loadSettings({ PORT: '3000', DATABASE_URL: 'postgres://db/portal', DEMO_MODE: 'true' }).processor,
    ).toMatchObject({ mode: 'sandbox', port: 0 });
    expect(
      loadSettings({
        PORT: '3000',
        DATABASE_URL: 'postgres://db/portal',
        DEMO_MODE: 'true',
        PROCESSOR_PORT: '3050',
      }).processor.port,
    ).toBe(3050);
  });
});

describe('metrics and load shedding (docs/decisions/034)', () => {
  it('exposes metrics nowhere by default, and sheds load past the default thresholds', () => {
    const settings = loadSettings({});
    expect(settings.metrics).toEqual({ port: undefined, host: '0.0.0.0', token: undefined });
    expect(settings.loadShedding).toMatchObject({
      maxEventLoopDelayMs: 500,
      maxEventLoopUtilization: 0,
      retryAfterSeconds: 5,
      maxInFlight: 100,
    });
    // A busy loop is not overload on PostgreSQL either (a server at capacity is fully busy): off unless set.
    expect(loadSettings({ DATABASE_URL: 'postgres://db/portal' }).loadShedding.maxEventLoopUtilization).toBe(
      0,
    );
    expect(
      loadSettings({ DATABASE_URL: 'postgres://db/portal', LOAD_SHED_MAX_EVENT_LOOP_UTILIZATION: '0.98' })
        .loadShedding.maxEventLoopUtilization,
    ).toBe(0.98);
    expect(loadSettings({ LOAD_SHED_MAX_IN_FLIGHT: '0' }).loadShedding.maxInFlight).toBe(0);
    // 90% of V8's heap limit unless told.
    expect(settings.loadShedding.maxHeapUsedBytes).toBeGreaterThan(100 * 1024 * 1024);
    expect(loadSettings({ LOAD_SHED_MAX_HEAP_MB: '512' }).loadShedding.maxHeapUsedBytes).toBe(
      512 * 1024 * 1024,
    );
  });

  it('takes a port of their own, a host for it and a token, and refuses what would publish them', () => {
    expect(loadSettings({ METRICS_PORT: '9464', METRICS_HOST: '127.0.0.1' }).metrics).toMatchObject({
      port: 9464,
      host: '127.0.0.1',
    });
    expect(() => loadSettings({ PORT: '3000', METRICS_PORT: '3000' })).toThrow(
      /METRICS_PORT must differ from PORT/,
    );
    expect(() => loadSettings({ METRICS_TOKEN: 'short' })).toThrow(
      /METRICS_TOKEN: must be at least 32 characters/,
    );
    expect(() => loadSettings({ LOAD_SHED_MAX_EVENT_LOOP_UTILIZATION: '1.5' })).toThrow(
      /LOAD_SHED_MAX_EVENT_LOOP_UTILIZATION/,
    );
    expect(() => loadSettings({ LOAD_SHED_RETRY_AFTER_SECONDS: '0' })).toThrow(
      /LOAD_SHED_RETRY_AFTER_SECONDS/,
    );
    expect(() => loadSettings({ LOAD_SHED_MAX_IN_FLIGHT: '-1' })).toThrow(/LOAD_SHED_MAX_IN_FLIGHT/);
  });
});

describe("the issuer's enrolment client and drop folder (issue 34, decision 051)", () => {
  it('has the published demo secret in demo mode only; elsewhere no client without ENROLLMENT_CLIENT_SECRET', () => {
    expect(loadSettings({}).enrollment.client).toEqual({
      id: 'issuer-enrollment',
      secret: DEMO_ENROLLMENT_CLIENT_SECRET,
    });
    expect(loadSettings({ NODE_ENV: 'production', ...processorEnv }).enrollment.client).toEqual({
      id: 'issuer-enrollment',
      secret: null,
    });
    expect(
      loadSettings({ DATABASE_URL: 'postgres://db.example.internal/portal' }).enrollment.client.secret,
    ).toBeNull();
    const secret = 'a'.repeat(32);
    expect(
      loadSettings({
        NODE_ENV: 'production',
        ...processorEnv,
        ENROLLMENT_CLIENT_ID: 'mahix-834',
        ENROLLMENT_CLIENT_SECRET: secret,
      }).enrollment.client,
    ).toEqual({ id: 'mahix-834', secret });
    expect(() => loadSettings({ ENROLLMENT_CLIENT_SECRET: 'short' })).toThrow(/ENROLLMENT_CLIENT_SECRET/);
    expect(() => loadSettings({ ENROLLMENT_CLIENT_ID: 'has space' })).toThrow(/ENROLLMENT_CLIENT_ID/);
  });

  it('has a drop folder only when ENROLLMENT_INBOX names one', () => {
    expect(loadSettings({}).enrollment.inboxDir).toBeUndefined();
    expect(loadSettings({ ENROLLMENT_INBOX: '/srv/834/inbox' }).enrollment.inboxDir).toBe('/srv/834/inbox');
  });
});

describe('SESSION_STORE (issue 35, decision 050)', () => {
  it('keeps sessions in the database unless Redis is asked for, and Redis needs REDIS_URL', () => {
    expect(loadSettings({}).sessionStore).toBe('postgres');
    expect(loadSettings({ SESSION_STORE: 'redis', REDIS_URL: 'redis://127.0.0.1:6379' }).sessionStore).toBe(
      'redis',
    );
    expect(() => loadSettings({ SESSION_STORE: 'redis' })).toThrow(/SESSION_STORE=redis needs REDIS_URL/);
    expect(() => loadSettings({ SESSION_STORE: 'memcached' })).toThrow(/SESSION_STORE/);
  });
});
