import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CONTEST_GRID_PAGE_SIZE,
  CONTEST_SUBS,
  specialsEndpoints,
  type ContestGrid,
  type ContestGridItem,
  type ContestHeader,
} from '@velvet/contracts';
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

type VoteNotice = 'lastVote' | 'limitReached' | 'voteFailed';
/** Casts a vote on an entry; answers the entry's new total once counted. */
type CastVote = (item: ContestGridItem) => Promise<number | null>;

/**
 * The guest's votes in this contest against the limit of five, and her vote action for the entries: a guest
 * without the age check is sent to it, a vote beyond the limit is told, and the notice after the last vote is
 * left out once she chose to hide it.
 */
function GuestVoting({
  contestId,
  maxVotes,
  children,
}: {
  contestId: number;
  maxVotes: number;
  children: (vote: CastVote, busy: boolean) => ReactNode;
}) {
  const { t } = useTranslation();
  const { api, ui } = usePlatform();
  const guestId = useGuest().id;
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<VoteNotice | null>(null);
  const loaded = useLoaded(`guestData:${contestId}:${guestId}`, () =>
    api.rest(specialsEndpoints.contestGuestData, { params: { contestId } }),
  );
  const vote: CastVote = async (item) => {
    setBusy(true);
    setNotice(null);
    try {
      const result = await api.rest(specialsEndpoints.addContestMediaVoting, {
        body: { contestId, mediaId: item.mediaId, actorId: item.actorId, albumId: item.albumId },
      });
      if (result.needAvs) {
        ui.open('ageCheck');
        return null;
      }
      loaded.update(() => ({ voteCount: result.voteCount, hideVoteLimitModal: result.hideVoteLimitModal }));
      if (result.voteCount >= maxVotes && !result.hideVoteLimitModal) setNotice('lastVote');
      return result.mediaVotes;
    } catch (error) {
      const limit = error instanceof ApiError && error.code === 'VOTE_LIMIT_REACHED';
      setNotice(limit ? 'limitReached' : 'voteFailed');
      if (limit) loaded.reload();
      return null;
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <LoadState loaded={loaded}>
        {(data) => (
          <p className="specials-votes" data-testid="guest-votes">
            {t('contests.yourVotes', { count: data.voteCount, max: maxVotes })}
          </p>
        )}
      </LoadState>
      {notice ? (
        <p className="specials-notice" role={notice === 'lastVote' ? 'status' : 'alert'}>
          {t(`contests.${notice}`, { max: maxVotes })}
        </p>
      ) : null}
      {children(vote, busy)}
    </>
  );
}

/** A contest's entries: all of them newest first, or the top list; with a vote button while it runs. */
function ContestEntries({ contest, vote, busy }: { contest: ContestHeader; vote?: CastVote; busy?: boolean }) {
  const { t } = useTranslation();
  const { api, ui } = usePlatform();
  const loggedIn = useLoggedIn();
  const link = useRouteLink();
  const pagerLabels = usePagerLabels();
  const language = useLanguage();
  const [sub, setSub] = useState<ContestSub>('all');
  const [page, setPage] = useState(1);
  const contestId = contest.id;
  // Entry titles are in the reader's language, so each language has its own answer.
  const grid = useLoaded(`grid:${contestId}:${sub}:${page}:${language}`, () =>
    api.rest(specialsEndpoints.contestGridItems, {
      params: {
        contestId,
        contestSub: sub,
        limit: CONTEST_GRID_PAGE_SIZE,
        offset: (page - 1) * CONTEST_GRID_PAGE_SIZE,
      },
      query: {},
    }),
  );
  const castVote = async (item: ContestGridItem) => {
    const mediaVotes = await vote?.(item);
    if (mediaVotes === null || mediaVotes === undefined) return;
    grid.update((data): ContestGrid => ({
      ...data,
      contestGridItems: data.contestGridItems.map((entry) =>
        entry.mediaId === item.mediaId ? { ...entry, mediaVotes } : entry,
      ),
    }));
  };
  const voteButton = (item: ContestGridItem) => {
    if (!contest.isActive) return undefined;
    if (!loggedIn) {
      return (
        <Button size="small" variant="secondary" onClick={() => ui.open('login')}>
          {t('contests.vote')}
        </Button>
      );
    }
    return vote ? (
      <Button
        size="small"
        variant="primary"
        disabled={busy}
        aria-label={t('contests.voteFor', { name: item.actorDisplayName })}
        onClick={() => void castVote(item)}
      >
        {t('contests.vote')}
      </Button>
    ) : undefined;
  };
  return (
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
                  footer={voteButton(item)}
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
  );
}

/** A contest: its header, the rule of five votes, the guest's votes and the entries to vote on. */
export function ContestPage() {
  const { t } = useTranslation();
  const { api, ui } = usePlatform();
  const route = useCurrentRoute();
  const language = useLanguage();
  const loggedIn = useLoggedIn();
  const contestId = Number(route.args.contestId);
  // A malformed id in the URL is a page that does not exist, like an unknown one.
  const validId = Number.isInteger(contestId) && contestId > 0;
  const header = useLoaded(`header:${contestId}:${language}`, () =>
    validId
      ? api.rest(specialsEndpoints.contestHeader, { params: { contestId }, query: {} })
      : Promise.reject(new ApiError(404, 'NOT_FOUND', 'Unknown contest')),
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
            {contest.isActive && loggedIn ? (
              <GuestVoting contestId={contest.id} maxVotes={contest.maxVotes}>
                {(vote, busy) => <ContestEntries contest={contest} vote={vote} busy={busy} />}
              </GuestVoting>
            ) : (
              <>
                {contest.isActive ? (
                  <LoginPrompt text={t('contests.loginToVote')} buttonLabel={t('common.login')} ui={ui} />
                ) : null}
                <ContestEntries contest={contest} />
              </>
            )}
          </>
        )}
      </LoadState>
    </div>
  );
}
