import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import type { AlbumSummary } from '@velvet/contracts';
import { useRouteLink } from '@velvet/federation';
import { Tile } from '@velvet/ui';
import { MediaPrice } from './MediaPrice';

export function AlbumTile({ album, footer }: { album: AlbumSummary; footer?: ReactNode }) {
  const { t } = useTranslation();
  const link = useRouteLink()('albumDetails', { actorName: album.actor.name, albumId: String(album.id) });
  const [preview] = album.previews;
  return (
    <Tile
      link={link}
      image={{
        src: preview?.url ?? '',
        width: preview?.width ?? 320,
        height: preview?.height ?? 240,
        alt: album.title,
      }}
      title={album.title}
      subtitle={
        <>
          {t('album.pictureCount', { count: album.pictureCount })} ·{' '}
          <MediaPrice price={album.prices.price} basePrice={album.prices.basePrice} />
        </>
      }
      footer={footer}
      dataAttributes={{ 'data-album-id': String(album.id) }}
    />
  );
}
