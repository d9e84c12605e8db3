import { useTranslation } from 'react-i18next';
import { clashQuery, type Clash, type ClashChallenge, type ClashTeam } from '@velvet/contracts';
import { LoadState, useLanguage, useLoaded, useLoggedIn, usePlatform, RouteLink } from '@velvet/federation';
import { EmptyState, LoginPrompt, OnlineBadge, Section } from '@velvet/ui';
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

function ChallengeCard({ challenge, teams }: { challenge: ClashChallenge; teams: ClashTeam[] }) {
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

function ClashView({ clash }: { clash: Clash }) {
  const { t } = useTranslation();
  const { ui } = usePlatform();
  const language = useLanguage();
  const loggedIn = useLoggedIn();
  const votable = clash.challenges.some((c) => c.votable);
  return (
    <>
      <h1>{clash.name}</h1>
      <p>
        {formatBerlinDate(clash.start, language)} – {formatBerlinDate(clash.end, language)}
      </p>
      {votable ? (
        loggedIn ? (
          <p className="specials-note">{t('clash.votingSoon')}</p>
        ) : (
          <LoginPrompt text={t('clash.loginToVote')} buttonLabel={t('common.login')} ui={ui} />
        )
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
          <ChallengeCard key={challenge.id} challenge={challenge} teams={clash.teams} />
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
  return (
    <div className="specials-page">
      <LoadState loaded={loaded}>
        {(clash) => (clash ? <ClashView clash={clash} /> : <EmptyState title={t('clash.none')} />)}
      </LoadState>
    </div>
  );
}
