import { usePagerLabels } from '@velvet/federation';
import { ACTOR_AVATAR_SIZE } from '@velvet/contracts';
import { Pager, TileGrid, TilePlaceholder } from '@velvet/ui';
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

/** The grid's shape while its performers load: as many empty cards as will arrive. */
export function ActorGridPlaceholder({ count }: { count: number }) {
  return (
    <ul className="vv-tile-grid">
      {Array.from({ length: count }, (_, index) => (
        <li key={index}>
          <TilePlaceholder image={ACTOR_AVATAR_SIZE} subtitle footer />
        </li>
      ))}
    </ul>
  );
}
