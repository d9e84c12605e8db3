import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CONTEST_GRID_PAGE_SIZE, CONTEST_SUBS, specialsEndpoints } from '@velvet/contracts';
import {
  LoadState,
  useCurrentRoute,
  useGuest,
  useLanguage,
  useLoaded,
  useLoggedIn,
  usePagerLabels,
  usePlatform,
  useRouteLink,
} from '@velvet/federation';
import { ApiError } from '@velvet/sdk';
import { Button, LoginPrompt, Pager, Section, Tile, TileGrid } from '@velvet/ui';
import { formatBerlinDate } from '../format';

type ContestSub = (typeof CONTEST_SUBS)[number];

/** The guest's votes in this contest against the limit of five. */
function GuestVotes({ contestId, maxVotes }: { contestId: number; maxVotes: number }) {
  const { t } = useTranslation();
  const { api } = usePlatform();
  const guestId = useGuest().id;
  const loaded = useLoaded(`guestData:${contestId}:${guestId}`, () =>
    api.rest(specialsEndpoints.contestGuestData, { params: { contestId } }),
  );
  return (
    <LoadState loaded={loaded}>
      {(data) => (
        <p className="specials-votes" data-testid="guest-votes">
          {t('contests.yourVotes', { count: data.voteCount, max: maxVotes })}
        </p>
      )}
    </LoadState>
  );
}

/** A contest: its header, the rule of five votes, and the grid of entries (all, or the top list). */
export function ContestPage() {
  const { t } = useTranslation();
  const { api, ui } = usePlatform();
  const route = useCurrentRoute();
  const language = useLanguage();
  const loggedIn = useLoggedIn();
  const link = useRouteLink();
  const pagerLabels = usePagerLabels();
  const contestId = Number(route.args.contestId);
  const [sub, setSub] = useState<ContestSub>('all');
  const [page, setPage] = useState(1);
  // A malformed id in the URL is a page that does not exist, like an unknown one.
  const unknownContest = () => Promise.reject(new ApiError(404, 'NOT_FOUND', 'Unknown contest'));
  const validId = Number.isInteger(contestId) && contestId > 0;
  const header = useLoaded(`header:${contestId}:${language}`, () =>
    validId ? api.rest(specialsEndpoints.contestHeader, { params: { contestId }, query: {} }) : unknownContest(),
  );
  const grid = useLoaded(`grid:${contestId}:${sub}:${page}`, () =>
    validId
      ? api.rest(specialsEndpoints.contestGridItems, {
          params: {
            contestId,
            contestSub: sub,
            limit: CONTEST_GRID_PAGE_SIZE,
            offset: (page - 1) * CONTEST_GRID_PAGE_SIZE,
          },
          query: {},
        })
      : unknownContest(),
  );
  return (
    <div className="specials-page">
      <LoadState loaded={header}>
        {(contest) => (
          <>
            <img className="specials-hero" src={contest.previewUrl} width={960} height={320} alt="" loading="lazy" />
            <h1>{contest.title}</h1>
            <p>{contest.description}</p>
            <p>
              {contest.isActive
                ? t('contests.runsUntil', { date: formatBerlinDate(contest.end, language), count: contest.entryCount })
                : t('contests.ended', { date: formatBerlinDate(contest.end, language), count: contest.entryCount })}
            </p>
            <p className="specials-rule">{t('contests.rule', { max: contest.maxVotes })}</p>
            {contest.isActive ? (
              loggedIn ? (
                <>
                  <GuestVotes contestId={contest.id} maxVotes={contest.maxVotes} />
                  <p>{t('contests.votingSoon')}</p>
                </>
              ) : (
                <LoginPrompt text={t('contests.loginToVote')} buttonLabel={t('common.login')} ui={ui} />
              )
            ) : null}
            <Section title={t('contests.entries')}>
              <div className="specials-toggle" role="group" aria-label={t('contests.view')}>
                {CONTEST_SUBS.map((option) => (
                  <Button
                    key={option}
                    variant={option === sub ? 'primary' : 'secondary'}
                    size="small"
                    aria-pressed={option === sub}
                    onClick={() => {
                      setSub(option);
                      setPage(1);
                    }}
                  >
                    {t(`contests.sub.${option}`)}
                  </Button>
                ))}
              </div>
              <LoadState loaded={grid}>
                {({ contestGridItems, elementsCount }) => (
                  <>
                    <TileGrid label={t('contests.entries')} busy={grid.status === 'loading'}>
                      {contestGridItems.map((item) => (
                        <Tile
                          key={item.itemHash}
                          link={link('actorProfile', { actorName: item.actorName })}
                          image={{ src: item.previewUrl, width: item.width, height: item.height, alt: item.title }}
                          title={item.actorDisplayName}
                          subtitle={
                            item.place !== null
                              ? t('contests.place', { place: item.place, count: item.mediaVotes })
                              : t('contests.votes', { count: item.mediaVotes })
                          }
                          footer={
                            contest.isActive && !loggedIn ? (
                              <Button size="small" variant="secondary" onClick={() => ui.open('login')}>
                                {t('contests.vote')}
                              </Button>
                            ) : undefined
                          }
                        />
                      ))}
                    </TileGrid>
                    <Pager
                      page={page}
                      pageCount={Math.ceil(elementsCount / CONTEST_GRID_PAGE_SIZE)}
                      onChange={setPage}
                      labels={pagerLabels}
                    />
                  </>
                )}
              </LoadState>
            </Section>
          </>
        )}
      </LoadState>
    </div>
  );
}
