import { createContext, useContext, type ReactNode } from 'react';
import type { RuntimeConfig } from './load-config';

const ConfigContext = createContext<RuntimeConfig | null>(null);

/** Makes the loaded tenant configuration available to every page (set once at startup). */
export function ConfigProvider({ config, children }: { config: RuntimeConfig; children: ReactNode }) {
  return <ConfigContext value={config}>{children}</ConfigContext>;
}

export function useConfig(): RuntimeConfig {
  const config = useContext(ConfigContext);
  if (!config) throw new Error('useConfig outside ConfigProvider');
  return config;
}
