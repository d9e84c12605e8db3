import { usePagerLabels } from '@velvet/federation';
import { Pager, TileGrid } from '@velvet/ui';
import { ActorTile, type ActorCard } from './ActorTile';

export interface ActorGridProps {
  label: string;
  actors: ActorCard[];
  busy?: boolean;
  paging?: { page: number; pageCount: number; onChange: (page: number) => void };
}

/** Performer cards in the spec's tile grid, with page navigation when the list has more pages. */
export function ActorGrid({ label, actors, busy, paging }: ActorGridProps) {
  const pagerLabels = usePagerLabels();
  return (
    <>
      <TileGrid label={label} busy={busy}>
        {actors.map((actor) => (
          <ActorTile key={actor.id} actor={actor} />
        ))}
      </TileGrid>
      {paging ? <Pager {...paging} labels={pagerLabels} /> : null}
    </>
  );
}
