import { specialsEndpoints } from '@velvet/contracts';
import { useLanguage, useLoaded, usePlatform } from '@velvet/federation';

export function useSpecialEvents() {
  const { api } = usePlatform();
  const language = useLanguage();
  return useLoaded(
    `events:${language}`,
    async () => (await api.rest(specialsEndpoints.specialEvents, { query: {} })).events,
  );
}
