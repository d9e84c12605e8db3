import { useTranslation } from 'react-i18next';
import { InPageIncentive, useCurrentRoute } from '@velvet/federation';
import { AlbumPage } from './AlbumPage';
import { MediathekPage } from './MediathekPage';
import { VIDEO_AREAS, isVideoArea } from './routes';
import { VideoGrid } from './VideoGrid';
import { VideoPage } from './VideoPage';
import { SearchResults } from './SearchResults';

/** The remote's pages, with the inPage incentives the operator defined for the page's route above each. */
export function MediaApp() {
  return (
    <>
      <InPageIncentive />
      <MediaPage />
    </>
  );
}

/** The page of the current route of the route table. */
function MediaPage() {
  const { t } = useTranslation();
  const route = useCurrentRoute();
  const { actorName = '', videoId = '', albumId = '', searchPattern = '', searchType = '' } = route.args;

  if (route.name === 'videoDetails') return <VideoPage key={videoId} videoId={videoId} actorName={actorName} />;
  if (route.name === 'albumDetails') return <AlbumPage key={albumId} albumId={albumId} actorName={actorName} />;
  if (route.name === 'searchResults')
    return (
      <SearchResults key={`${searchType}|${searchPattern}`} searchType={searchType} searchPattern={searchPattern} />
    );
  if (route.name === 'mediathek') return <MediathekPage mediaType="VIDEO" />;
  if (route.name === 'mediathekPhotos') return <MediathekPage mediaType="PHOTO" />;
  if (isVideoArea(route.name)) {
    const title = route.name === 'videoSearch' ? t('area.videoSearch', { searchPattern }) : t(`area.${route.name}`);
    return (
      <section className="mf-media-area">
        <h1>{title}</h1>
        {/* A new area or search starts with a fresh filter. */}
        <VideoGrid
          key={`${route.name}|${searchPattern}`}
          category={VIDEO_AREAS[route.name]}
          label={title}
          searchPattern={searchPattern || undefined}
        />
      </section>
    );
  }
  return null;
}
