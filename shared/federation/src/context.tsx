import { createContext, useContext } from 'react';
import type { PlatformApi } from '@velvet/contracts';

export const PlatformContext = createContext<PlatformApi | null>(null);

/** The platform API of the remote this component is mounted in. */
export function usePlatform(): PlatformApi {
  const platform = useContext(PlatformContext);
  if (!platform) throw new Error('usePlatform() outside a mounted remote');
  return platform;
}
