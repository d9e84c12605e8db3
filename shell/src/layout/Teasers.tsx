import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { teaserEndpoints, type Teaser } from '@velvet/contracts';
import { Button } from '@velvet/ui';
import { useShell, useSubject } from './ShellContext';

/**
 * The teasers operators placed on the page's route (and on every page), below the page's content. They load in
 * the browser once the page is there and sit after it, so nothing of the first screen moves.
 */
export function Teasers() {
  const { t } = useTranslation('shell');
  const { platform, router } = useShell();
  const route = useSubject(router.route$);
  const [teasers, setTeasers] = useState<readonly Teaser[]>([]);
  const argsKey = JSON.stringify(route.args);

  useEffect(() => {
    let active = true;
    platform.api
      .rest(teaserEndpoints.getTeasers, { query: {}, body: { routeName: route.name, routeArgs: JSON.parse(argsKey) } })
      .then((answer) => active && setTeasers(answer.data.teasers))
      .catch(() => active && setTeasers([]));
    return () => {
      active = false;
    };
  }, [platform, route.name, argsKey]);

  if (teasers.length === 0) return null;
  return (
    <aside className="vv-teasers" aria-label={t('teasers.label')} data-testid="teasers">
      {teasers.map((teaser) => (
        <section key={teaser.id} className="vv-teaser" data-testid={`teaser-${teaser.id}`}>
          <h2>{teaser.headline}</h2>
          <p>{teaser.text}</p>
          {router.has(teaser.action.routeName as never) && (
            <Button variant="secondary" onClick={() => router.navigate(teaser.action.routeName as never)}>
              {teaser.action.label}
            </Button>
          )}
        </section>
      ))}
    </aside>
  );
}
