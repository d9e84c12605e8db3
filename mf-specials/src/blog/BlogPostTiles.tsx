import { useTranslation } from 'react-i18next';
import type { BlogPostTeaser } from '@velvet/contracts';
import { useLanguage, useRouteLink } from '@velvet/federation';
import { Tile, TileGrid } from '@velvet/ui';
import { formatBerlinDate } from '../format';

export function BlogPostTiles({
  posts,
  label,
  busy = false,
}: {
  posts: BlogPostTeaser[];
  label: string;
  busy?: boolean;
}) {
  const link = useRouteLink();
  const language = useLanguage();
  return (
    <TileGrid label={label} busy={busy}>
      {posts.map((post) => (
        <Tile
          key={post.id}
          link={link('blogArticle', { slug: post.slug })}
          image={{ src: post.imageUrl, width: post.imageWidth, height: post.imageHeight, alt: post.title }}
          title={post.title}
          subtitle={<time dateTime={post.published}>{formatBerlinDate(post.published, language)}</time>}
          dataAttributes={{ 'data-post': String(post.id) }}
        />
      ))}
    </TileGrid>
  );
}

/** Name of a category section, by alias. */
export function useCategoryLabel() {
  const { t } = useTranslation();
  return (alias: string) => t(`blog.category.${alias}`);
}
