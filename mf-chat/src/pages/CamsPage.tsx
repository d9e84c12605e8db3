import { useTranslation } from 'react-i18next';
import { ListNav } from '../components/ListNav';
import { SearchPanel } from '../search/SearchPanel';

/** Route cams: everyone online right now, found through the actor search. */
export function CamsPage() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="mf-chat-cams-title">
      <h1 id="mf-chat-cams-title">{t('lists.cams.title')}</h1>
      <p>{t('lists.cams.intro')}</p>
      <ListNav />
      <SearchPanel collection="cams" />
    </section>
  );
}
