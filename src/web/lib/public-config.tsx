import { createContext, useContext, type ReactNode } from 'react';
import { PUBLIC_CONFIG_ELEMENT_ID } from '#shared/constants.ts';
import { DEFAULT_PUBLIC_CONFIG, PublicConfigSchema, type PublicConfig } from '#shared/schemas/public-config.ts';

/**
 * The server's public configuration of this page (src/server/plugins/ssr.ts withPublicConfig), in
 * <script type="application/json" id="appui-public-config">; the defaults when it is missing or
 * broken (a page the development server sends).
 */
export function readPublicConfig(doc: Document): PublicConfig {
  const text = doc.getElementById(PUBLIC_CONFIG_ELEMENT_ID)?.textContent;
  if (!text) return DEFAULT_PUBLIC_CONFIG;
  try {
    const parsed = PublicConfigSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : DEFAULT_PUBLIC_CONFIG;
  } catch {
    return DEFAULT_PUBLIC_CONFIG;
  }
}

const PublicConfigContext = createContext<PublicConfig>(DEFAULT_PUBLIC_CONFIG);

/** The same configuration for the server's render (entry-server.tsx) and the browser's (main.tsx). */
export function PublicConfigProvider({ config, children }: { config: PublicConfig; children: ReactNode }) {
  return <PublicConfigContext.Provider value={config}>{children}</PublicConfigContext.Provider>;
}

export const usePublicConfig = (): PublicConfig => useContext(PublicConfigContext);
