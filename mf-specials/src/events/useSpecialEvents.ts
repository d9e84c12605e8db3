import { specialsEndpoints } from '@velvet/contracts';
import { usePlatform } from '@velvet/federation';
import { useLanguage, useLoaded } from '../hooks';

export function useSpecialEvents() {
  const { api } = usePlatform();
  const language = useLanguage();
  return useLoaded(`events:${language}`, async () => (await api.rest(specialsEndpoints.specialEvents, { query: {} })).events);
}
