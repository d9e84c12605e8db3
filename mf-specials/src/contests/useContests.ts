import { contestsQuery } from '@velvet/contracts';
import { useLanguage, useLoaded, usePlatform } from '@velvet/federation';

export function useContests() {
  const { api } = usePlatform();
  const language = useLanguage();
  return useLoaded(`contests:${language}`, async () => (await api.query(contestsQuery, { language })).contests);
}
