import { contestsQuery } from '@velvet/contracts';
import { usePlatform } from '@velvet/federation';
import { useLanguage, useLoaded } from '../hooks';

export function useContests() {
  const { api } = usePlatform();
  const language = useLanguage();
  return useLoaded(`contests:${language}`, async () => (await api.query(contestsQuery, { language })).contests);
}
