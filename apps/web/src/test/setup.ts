import { afterEach, beforeAll, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { changeLanguage, initI18n, loadAllTexts } from '../i18n';
import { setCredential } from '../lib/auth/credentials';
import { resetPortalState } from '../lib/portal-state';

// Pages load their code and data lazily; a busy CI machine needs more than the default second.
configure({ asyncUtilTimeout: 4000 });

beforeAll(async () => {
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
  vi.unstubAllGlobals();
  await changeLanguage('en', false);
});
