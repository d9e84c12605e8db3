import { useEffect, useRef, useState, useSyncExternalStore, type FocusEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { mediaEndpoints, type JumbotronConfig, type Video } from '@velvet/contracts';
import { LoadState, useLanguage, useLoaded, usePlatform, useRouteLink } from '@velvet/federation';
import { navigateOnPlainClick, Section, type LinkTarget } from '@velvet/ui';
import { VideoBadges, VideoFacts, videoRouteArgs } from './VideoTile';

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

const reducedMotion = () => window.matchMedia?.(REDUCED_MOTION);
function subscribeMotion(onChange: () => void) {
  const query = reducedMotion();
  query?.addEventListener?.('change', onChange);
  return () => query?.removeEventListener?.('change', onChange);
}

/**
 * Whether the visitor lets the page move: null on the server and while hydrating, so both render alike (the still
 * poster, not rotating); a browser without media queries lets it.
 */
const useMotionAllowed = (): boolean | null =>
  useSyncExternalStore(
    subscribeMotion,
    () => !reducedMotion()?.matches,
    () => null,
  );

/** The clip a slide may play to everyone: none for a video behind the age check, as its player shows none. */
const previewClip = (video: Video) => (video.needAgeCheck ? null : (video.clip?.previewUrl ?? null));

function Slide({
  video,
  position,
  count,
  current,
  first,
  playClip,
  link,
}: {
  video: Video;
  position: number;
  count: number;
  current: boolean;
  first: boolean;
  playClip: boolean;
  link: LinkTarget | null;
}) {
  const { t } = useTranslation();
  const clip = current && playClip ? previewClip(video) : null;
  const content = (
    <>
      <span className="mf-media-jumbotron__media">
        {/* The first slide is the block's largest image: it loads at once, the others when they are shown. */}
        <img
          className="mf-media-jumbotron__image"
          src={video.preview.url}
          width={video.preview.width}
          height={video.preview.height}
          alt={video.title}
          loading={first ? 'eager' : 'lazy'}
          decoding="async"
        />
        {clip ? (
          // Decorative motion over the poster, which names the slide: muted, so browsers let it start by itself.
          <video
            className="mf-media-jumbotron__clip"
            src={clip}
            poster={video.preview.url}
            muted
            loop
            autoPlay
            playsInline
            preload="auto"
            aria-hidden="true"
            tabIndex={-1}
            data-clip="preview"
          />
        ) : null}
      </span>
      <span className="mf-media-jumbotron__caption">
        <span className="mf-media-jumbotron__title">{video.title}</span>
        <span className="mf-media-jumbotron__facts">
          <VideoFacts video={video} />
        </span>
      </span>
    </>
  );
  return (
    <div
      className="mf-media-jumbotron__slide"
      role="group"
      aria-roledescription={t('jumbotron.slide')}
      aria-label={t('jumbotron.position', { position, count })}
      hidden={!current}
      data-video-id={String(video.id)}
    >
      {link ? (
        <a className="mf-media-jumbotron__link" href={link.href} onClick={navigateOnPlainClick(link.onNavigate)}>
          {content}
        </a>
      ) : (
        <div className="mf-media-jumbotron__link">{content}</div>
      )}
      <div className="mf-media-jumbotron__badges">
        <VideoBadges video={video} />
      </div>
    </div>
  );
}

/**
 * The rotating stage: one slide shown at a time, the others hidden. It rotates every `rotationSeconds` when the
 * config says autoplay, unless the visitor asks for reduced motion, stopped it, or points at or focuses it (she is
 * reading or choosing); while it rotates its changes are not announced.
 */
function Carousel({ label, slides, config }: { label: string; slides: Video[]; config: JumbotronConfig }) {
  const { t } = useTranslation();
  const routeLink = useRouteLink();
  const root = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(0);
  const [stopped, setStopped] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const motion = useMotionAllowed();
  const count = slides.length;
  const canRotate = config.autoplay && motion === true && count > 1;
  const rotating = canRotate && !stopped && !hovered && !focused;
  const show = (next: number) => setIndex((next + count) % count);

  // A new timer for every slide shown, so a slide chosen by hand gets its full time too.
  useEffect(() => {
    if (!rotating) return;
    const timer = setTimeout(() => setIndex((current) => (current + 1) % count), config.rotationSeconds * 1000);
    return () => clearTimeout(timer);
  }, [rotating, index, count, config.rotationSeconds]);

  const blur = (event: FocusEvent) => {
    if (!root.current?.contains(event.relatedTarget as Node | null)) setFocused(false);
  };

  return (
    <div
      ref={root}
      className="mf-media-jumbotron"
      role="region"
      aria-roledescription={t('jumbotron.carousel')}
      aria-label={label}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={blur}
    >
      <div className="mf-media-jumbotron__stage" aria-live={rotating ? 'off' : 'polite'}>
        {slides.map((video, i) => (
          <Slide
            key={video.id}
            video={video}
            position={i + 1}
            count={count}
            current={i === index}
            first={i === 0}
            playClip={config.autoplay && motion === true && !stopped}
            link={routeLink('videoDetails', videoRouteArgs(video))}
          />
        ))}
      </div>
      {count > 1 ? (
        <div className="mf-media-jumbotron__controls">
          {canRotate ? (
            <button type="button" className="mf-media-jumbotron__toggle" onClick={() => setStopped(!stopped)}>
              {stopped ? t('jumbotron.start') : t('jumbotron.stop')}
            </button>
          ) : null}
          <button type="button" className="mf-media-jumbotron__step" onClick={() => show(index - 1)}>
            <span aria-hidden="true">‹</span>
            <span className="vv-visually-hidden">{t('jumbotron.previous')}</span>
          </button>
          <div className="mf-media-jumbotron__dots" role="group" aria-label={t('jumbotron.choose')}>
            {slides.map((video, i) => (
              <button
                key={video.id}
                type="button"
                className="mf-media-jumbotron__dot"
                aria-label={t('jumbotron.show', { position: i + 1, title: video.title })}
                aria-current={i === index ? 'true' : undefined}
                onClick={() => show(i)}
              />
            ))}
          </div>
          <button type="button" className="mf-media-jumbotron__step" onClick={() => show(index + 1)}>
            <span aria-hidden="true">›</span>
            <span className="vv-visually-hidden">{t('jumbotron.next')}</span>
          </button>
        </div>
      ) : null}
    </div>
  );
}

/** The stage's empty shape while the jumbotron loads: the same box, so nothing below moves when it arrives. */
function StagePlaceholder() {
  return (
    <div className="mf-media-jumbotron" aria-hidden="true">
      <div className="mf-media-jumbotron__stage mf-media-jumbotron__stage--placeholder" />
      <div className="mf-media-jumbotron__controls" />
    </div>
  );
}

/**
 * The home's Videostation block: the jumbotron of recommended videos and the way to the videos area. Left out when
 * the config turns it off or there is nothing to show.
 */
export function Jumbotron({ title, more }: { title: string; more: (LinkTarget & { label: string }) | null }) {
  const { api } = usePlatform();
  const language = useLanguage();
  // The same for every visitor (the server answers it to anyone alike): one key per language, no guest in it.
  const config = useLoaded('jumbotron.config', () => api.rest(mediaEndpoints.jumbotronConfig));
  const slides = useLoaded(`jumbotron.slides|${language}`, () => api.rest(mediaEndpoints.jumbotronHomepage));
  if (config.data?.enabled === false || slides.data?.items.length === 0) return null;
  return (
    <Section title={title} more={more}>
      <LoadState loaded={config} placeholder={<StagePlaceholder />}>
        {(settings) => (
          <LoadState loaded={slides} placeholder={<StagePlaceholder />}>
            {({ items }) => <Carousel label={title} slides={items.slice(0, settings.slides)} config={settings} />}
          </LoadState>
        )}
      </LoadState>
    </Section>
  );
}
