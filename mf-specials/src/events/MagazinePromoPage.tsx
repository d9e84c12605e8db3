import { HIGH_ON_ROSE_PAGE } from '@velvet/contracts';
import { useCurrentRoute } from '@velvet/federation';
import { MagazinePageView } from './MagazinePageView';

export function MagazinePromoPage() {
  const route = useCurrentRoute();
  return <MagazinePageView slug={route.args.promo ?? ''} />;
}

export function HighOnRosePage() {
  return <MagazinePageView slug={HIGH_ON_ROSE_PAGE} />;
}
