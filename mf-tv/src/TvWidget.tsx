import { useTranslation } from 'react-i18next';
import { tvEndpoints } from '@velvet/contracts';
import { LoadState, useLoaded, usePlatform, routeLink } from '@velvet/federation';
import { Section } from '@velvet/ui';
import { OnAir } from './LivestreamPage';

/** Home timeline block "TV": what runs on live TV now and next. */
export function TvWidget() {
  const { t } = useTranslation();
  const { api, router } = usePlatform();
  const more = routeLink(router, 'tvLivestream');
  const loaded = useLoaded('stream:live', () => api.rest(tvEndpoints.stream, { params: { type: 'live' } }));
  return (
    <Section title={t('home.title')} more={more && { ...more, label: t('home.more') }}>
      <LoadState loaded={loaded}>{(stream) => <OnAir stream={stream} />}</LoadState>
    </Section>
  );
}
