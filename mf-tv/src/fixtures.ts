import type { TvMediathekVideo, TvProgramEntry, TvProgramType, TvSeries, TvStream } from '@velvet/contracts';

const HOUR = 3600_000;

/** A programme entry `offsetHours` from the current hour (0 = on air now). */
export function programEntry(id: number, offsetHours: number, type: TvProgramType = 'live'): TvProgramEntry {
  const begin = new Date(Math.floor(Date.now() / HOUR) * HOUR + offsetHours * HOUR);
  return {
    id,
    type,
    title: { de: `Sendung ${id}`, en: `Show ${id}`, nl: `Uitzending ${id}`, es: `Programa ${id}` },
    text: { de: `Beschreibung ${id}`, en: `Description ${id}`, nl: `Beschrijving ${id}`, es: `Descripción ${id}` },
    begin: begin.toISOString(),
    end: new Date(begin.getTime() + HOUR).toISOString(),
    imageUrl: `/media/tv/shows/${id}.webp`,
    actors: [{ id: 100 + id, name: `Host ${id}`, avatarUrl: `/media/actors/${id}.webp` }],
  };
}

/** A channel's stream as the server answers it; premium TV is signed for a subscriber or answers the preview. */
export function streamOf(type: TvProgramType, { subscriber = false } = {}): TvStream {
  const current = programEntry(1, 0, type);
  const signed = (scope: string) => `/live/tv/premium/master.m3u8?scope=${scope}&guest=g1&expires=1&sig=s`;
  return {
    type,
    hosts: current.actors.map((actor) => ({ uid: actor.id, name: actor.name, link: `/en/amateur/host-${actor.id}/` })),
    streamUrl: type === 'live' ? '/live/tv/live/master.m3u8' : subscriber ? signed('tv-premium') : null,
    posterUrl: `/live/tv/loops/${type}-show-1/poster.webp`,
    previewUrl: type === 'premium' && !subscriber ? signed('tv-premium-preview') : null,
    subscriptionRequired: type === 'premium',
    current,
    next: programEntry(2, 1, type),
  };
}

export const seriesFixture = (id: number): TvSeries => ({
  id,
  key: `series-${id}`,
  title: `Series ${id}`,
  description: {
    de: `Über Serie ${id}`,
    en: `About series ${id}`,
    nl: `Over serie ${id}`,
    es: `Sobre la serie ${id}`,
  },
  episodeCount: 8,
  previewImgUrl: `/media/tv/series/${id}.webp`,
});

export const episodeFixture = (id: number, seriesKey = 'series-1'): TvMediathekVideo => ({
  id,
  title: {
    de: `Folgentitel ${id}`,
    en: `Episode title ${id}`,
    nl: `Afleveringstitel ${id}`,
    es: `Título del episodio ${id}`,
  },
  fsk: 18,
  duration: 1500,
  previewPicture: `/media/tv/episodes/${id}.webp`,
  episode: id,
  seriesKey,
  hashId: id.toString(16).padStart(12, '0'),
});
