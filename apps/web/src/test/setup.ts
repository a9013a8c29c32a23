import { afterEach, beforeAll, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { changeLanguage, forgetTexts, initI18n, loadAllTexts } from '../i18n';
import { setCredential } from '../lib/auth/credentials';
import { forgetContracts } from '../lib/contracts';
import { resetFirstPage } from '../lib/first-page';
import { resetPortalState } from '../lib/portal-state';

// Node's BroadcastChannel reaches every worker thread of the test run: one test file's sign-out would be
// heard as "signed out in another tab" by the others. Tabs are the end-to-end journeys' business here.
class QuietChannel {
  postMessage(): void {}
  addEventListener(): void {}
  removeEventListener(): void {}
  close(): void {}
}
globalThis.BroadcastChannel = QuietChannel as unknown as typeof BroadcastChannel;

// Pages load their code and data lazily; a busy CI machine needs more than the default second.
configure({ asyncUtilTimeout: 4000 });

beforeAll(async () => {
  // The test files of a worker share its modules (isolate: false in vite.config.ts): each starts as a
  // new visit would — no tenant's words, no schemas loaded, the first page not shown yet.
  forgetTexts();
  forgetContracts();
  resetFirstPage();
  await initI18n();
  // Tests render pages directly, without the router that loads their language files.
  await loadAllTexts();
});

afterEach(async () => {
  cleanup();
  setCredential(null);
  resetPortalState();
  sessionStorage.clear();
  localStorage.clear();
  // The stored language's cookie mirror (i18n LANGUAGE_COOKIE) goes with it.
  document.cookie = 'portal-language=; Path=/; Max-Age=0';
  vi.unstubAllGlobals();
  await changeLanguage('en', false);
});
