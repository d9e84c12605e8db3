import { BLOG_PAGE_SIZE, encodeBlogPostsPayload, specialsEndpoints } from '@velvet/contracts';
import { useLanguage, useLoaded, usePlatform } from '@velvet/federation';

/** One page of a blog category (id or alias, `latest` for all). */
export function useBlogPosts(category: string, page: number, pageSize = BLOG_PAGE_SIZE, exclude: number[] = []) {
  const { api } = usePlatform();
  const language = useLanguage();
  const payload = encodeBlogPostsPayload({ page, pageSize, exclude });
  return useLoaded(`blog:${category}:${payload}:${language}`, () =>
    api.rest(specialsEndpoints.blogPosts, { params: { categoryId: category, payload }, query: {} }),
  );
}
