import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  clashAddVoteMutation,
  clashQuery,
  clashRevokeVoteMutation,
  type Clash,
  type ClashChallenge,
  type ClashTeam,
} from '@velvet/contracts';
import { LoadState, useLanguage, useLoaded, useLoggedIn, usePlatform, RouteLink } from '@velvet/federation';
import { Button, EmptyState, LoginPrompt, OnlineBadge, Section } from '@velvet/ui';
import { formatBerlinDate } from '../format';

function TeamCard({ team }: { team: ClashTeam }) {
  const { t } = useTranslation();
  const people = [team.teamCaptain, ...team.member];
  return (
    <article className="specials-team" data-team={team.id}>
      <h3>{team.name}</h3>
      <p>{t('clash.points', { count: team.points })}</p>
      <ul className="specials-people">
        {people.map((person) => (
          <li key={person.id}>
            <RouteLink to="actorProfile" args={{ actorName: person.name }}>
              <img src={person.avatarUrl} width={60} height={60} alt="" loading="lazy" />
              {person.displayName}
            </RouteLink>{' '}
            {person.id === team.teamCaptain.id ? <span className="specials-captain">{t('clash.captain')}</span> : null}
            {person.online !== null ? (
              <OnlineBadge online={person.online} onlineLabel={t('clash.online')} offlineLabel={t('clash.offline')} />
            ) : null}
          </li>
        ))}
      </ul>
    </article>
  );
}

/** A guest's vote for a team of a challenge, or her revoke (null). */
type ClashVote = (challengeId: number, teamId: number | null) => void;

function ChallengeCard({
  challenge,
  teams,
  vote,
}: {
  challenge: ClashChallenge;
  teams: ClashTeam[];
  vote?: ClashVote;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const teamName = (id: number | null) => teams.find((team) => team.id === id)?.name;
  const totalVotes = challenge.teams.reduce((sum, team) => sum + team.votes.votes, 0);
  return (
    <article className="specials-challenge" data-challenge={challenge.id}>
      <h3>
        {challenge.title} <small>{challenge.subTitle}</small>
      </h3>
      <p>{challenge.description}</p>
      <p>
        {formatBerlinDate(challenge.start, language, true)} – {formatBerlinDate(challenge.end, language, true)}
      </p>
      {challenge.winner !== null ? (
        <p className="specials-winner">{t('clash.winner', { team: teamName(challenge.winner) })}</p>
      ) : null}
      <div className="specials-challenge__teams">
        {challenge.teams.map((entry) => (
          <div key={entry.id}>
            <h4>{teamName(entry.id)}</h4>
            <p>
              {t('clash.votes', { count: entry.votes.votes })}
              {totalVotes > 0 ? ` (${Math.round((entry.votes.votes / totalVotes) * 100)} %)` : ''}
              {entry.votes.hasVoted ? ` · ${t('clash.yourVote')}` : ''}
            </p>
            {vote && challenge.votable ? (
              entry.votes.hasVoted ? (
                <Button size="small" variant="secondary" onClick={() => vote(challenge.id, null)}>
                  {t('clash.revoke')}
                </Button>
              ) : (
                <Button size="small" onClick={() => vote(challenge.id, entry.id)}>
                  {t('clash.voteFor', { team: teamName(entry.id) })}
                </Button>
              )
            ) : null}
            <ul className="specials-media">
              {entry.media.map((media) => (
                <li key={media.mediaId}>
                  <img
                    src={media.previewPicture}
                    width={320}
                    height={427}
                    alt={teamName(entry.id) ?? ''}
                    loading="lazy"
                  />
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </article>
  );
}

type TeamCount = { teamId: number; votes: number; hasVoted?: boolean };

/** The clash with a challenge's team counts replaced; the guest's own vote only where the counts carry it. */
function withCounts(clash: Clash, challengeId: number, counts: TeamCount[]): Clash {
  return {
    ...clash,
    challenges: clash.challenges.map((challenge) =>
      challenge.id !== challengeId
        ? challenge
        : {
            ...challenge,
            teams: challenge.teams.map((team) => {
              const count = counts.find((c) => c.teamId === team.id);
              if (!count) return team;
              return {
                ...team,
                votes: { teamId: team.id, votes: count.votes, hasVoted: count.hasVoted ?? team.votes.hasVoted },
              };
            }),
          },
    ),
  };
}

/** The counts as they are once the guest's vote moved to `teamId` (null: revoked). */
function countsAfterVote(challenge: ClashChallenge, teamId: number | null): TeamCount[] {
  return challenge.teams.map(({ id, votes }) => ({
    teamId: id,
    votes: votes.votes - (votes.hasVoted ? 1 : 0) + (id === teamId ? 1 : 0),
    hasVoted: id === teamId,
  }));
}

function ClashView({
  clash,
  update,
  reload,
}: {
  clash: Clash;
  update: (change: (c: Clash) => Clash) => void;
  reload: () => void;
}) {
  const { t } = useTranslation();
  const { api, bus, ui } = usePlatform();
  const language = useLanguage();
  const loggedIn = useLoggedIn();
  const [failed, setFailed] = useState(false);
  const votable = clash.challenges.some((c) => c.votable);
  // Other guests' votes arrive as pushes: their counts replace the shown ones, the guest's own vote stays.
  useEffect(() => {
    const subscription = bus
      .on('clashVoting')
      .subscribe((push) => update((current) => withCounts(current, push.challengeId, push.votes)));
    return () => subscription.unsubscribe();
  }, [bus, update]);
  // A vote is shown at once and then sent; the server's answer sets the counts, a refusal brings back the truth.
  const vote: ClashVote = (challengeId, teamId) => {
    const challenge = clash.challenges.find((c) => c.id === challengeId);
    if (!challenge) return;
    setFailed(false);
    update((current) => withCounts(current, challengeId, countsAfterVote(challenge, teamId)));
    const sent =
      teamId === null
        ? api.query(clashRevokeVoteMutation, { challengeId }).then((r) => r.clashRevokeVote)
        : api.query(clashAddVoteMutation, { challengeId, teamId }).then((r) => r.clashAddVote);
    sent.then(
      (voting) => update((current) => withCounts(current, challengeId, voting.votes)),
      () => {
        setFailed(true);
        reload();
      },
    );
  };
  return (
    <>
      <h1>{clash.name}</h1>
      <p>
        {formatBerlinDate(clash.start, language)} – {formatBerlinDate(clash.end, language)}
      </p>
      {votable && !loggedIn ? (
        <LoginPrompt text={t('clash.loginToVote')} buttonLabel={t('common.login')} ui={ui} />
      ) : null}
      {failed ? (
        <p className="specials-notice" role="alert">
          {t('clash.voteFailed')}
        </p>
      ) : null}
      <Section title={t('clash.teams')}>
        <div className="specials-teams">
          {clash.teams.map((team) => (
            <TeamCard key={team.id} team={team} />
          ))}
        </div>
      </Section>
      <Section title={t('clash.challenges')}>
        {clash.challenges.map((challenge) => (
          <ChallengeCard
            key={challenge.id}
            challenge={challenge}
            teams={clash.teams}
            vote={loggedIn ? vote : undefined}
          />
        ))}
      </Section>
    </>
  );
}

/** Clash of cams: the running clash, its two teams and its challenges with the votes so far. */
export function ClashPage() {
  const { t } = useTranslation();
  const { api } = usePlatform();
  const language = useLanguage();
  const loggedIn = useLoggedIn();
  // hasVoted depends on the guest, so a login reloads.
  const loaded = useLoaded(
    `clash:${language}:${loggedIn}`,
    async () => (await api.query(clashQuery, { language })).clash,
  );
  const { update: updateLoaded } = loaded;
  // The page only changes a clash it has; the push subscription keeps this function across renders.
  const update = useCallback(
    (change: (clash: Clash) => Clash) => updateLoaded((clash) => (clash ? change(clash) : clash)),
    [updateLoaded],
  );
  return (
    <div className="specials-page">
      <LoadState loaded={loaded}>
        {(clash) =>
          clash ? (
            <ClashView clash={clash} update={update} reload={loaded.reload} />
          ) : (
            <EmptyState title={t('clash.none')} />
          )
        }
      </LoadState>
    </div>
  );
}
