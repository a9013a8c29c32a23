import { applyCssOverrides, loadRuntimeConfig, type RuntimeConfig } from '../config/load-config';
import { loadTenantLanguages, setTenantLanguagePath } from '../i18n';
import { initAuth } from '../lib/auth/auth';
import { DIAGNOSTICS, logClientEvent } from '../lib/client-log';

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 500);

const logConfigFailure = (error: unknown) => {
  logClientEvent({
    level: 'error',
    event: 'startup.config',
    message: DIAGNOSTICS.configOrLanguages,
    details: { reason: reasonOf(error) },
  });
};

/**
 * SPEC §4 startup: configurations and languages first, then authorization. Either failing rejects
 * startup (SPEC §8: logged as 'Error Loading Configurations or Languages'; an authorization setup
 * failure is logged too) and the caller shows the translated startup error page.
 */
export async function startPortal(): Promise<{ config: RuntimeConfig; validation: Promise<void> }> {
  // Who is signed in is asked at once, beside the configuration (one round trip, not two in a row); it is
  // used only after the configuration has loaded (SPEC §4 order).
  const auth = initAuth();
  auth.catch(() => undefined);
  let config: RuntimeConfig;
  let validation: Promise<void>;
  try {
    ({ config, validation } = await loadRuntimeConfig());
    setTenantLanguagePath(config.account.languages.languagePath);
    await loadTenantLanguages();
  } catch (error) {
    logConfigFailure(error);
    throw error;
  }
  validation = validation.catch((error: unknown) => {
    logConfigFailure(error);
    throw error;
  });
  // SPEC §4 order: the configuration has loaded before anything calls the API. Its check against the
  // contract schemas runs once the first page is shown (docs/decisions/033); a configuration that fails
  // it still rejects startup then (app.tsx).
  applyCssOverrides();
  try {
    await auth;
  } catch (error) {
    logClientEvent({
      level: 'error',
      event: 'startup.authorization',
      message: DIAGNOSTICS.noAuthConfig,
      details: { reason: reasonOf(error) },
    });
    throw error;
  }
  return { config, validation };
}
