import { createHmac, timingSafeEqual } from 'node:crypto';
import { access, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { ImageRequest, ImageStore, MediaAccess, UnsignedAnswer } from './images';

export const MEDIA_URL_PREFIX = '/media/';

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);

/** A small deterministic generator (mulberry32), so an image's look depends only on its seed. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Gradient, a few translucent shapes and the title: enough to tell tiles apart, cheap to render. */
export function imageSvg({ width, height, title, subtitle, seed }: ImageRequest): string {
  const next = random(seed);
  const hue = Math.floor(next() * 360);
  const hue2 = (hue + 40 + Math.floor(next() * 80)) % 360;
  const shapes = Array.from({ length: 4 }, () => {
    const x = Math.round(next() * width);
    const y = Math.round(next() * height);
    const r = Math.round((0.15 + next() * 0.35) * Math.min(width, height));
    return next() < 0.5
      ? `<circle cx="${x}" cy="${y}" r="${r}" fill="#fff" fill-opacity="${(0.06 + next() * 0.12).toFixed(2)}"/>`
      : `<rect x="${x - r}" y="${y - r / 2}" width="${r * 2}" height="${r}" rx="${Math.round(r / 4)}" transform="rotate(${Math.round(next() * 90 - 45)} ${x} ${y})" fill="#000" fill-opacity="${(0.05 + next() * 0.1).toFixed(2)}"/>`;
  }).join('');
  const titleSize = Math.max(10, Math.round(Math.min((width * 0.9) / Math.max(title.length * 0.68, 6), height / 5)));
  const subtitleSize = Math.max(8, Math.round(titleSize * 0.55));
  const baseline = subtitle ? height / 2 : height / 2 + titleSize / 3;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},65%,42%)"/><stop offset="1" stop-color="hsl(${hue2},70%,22%)"/></linearGradient></defs>
<rect width="100%" height="100%" fill="url(#g)"/>${shapes}
<text x="50%" y="${baseline}" text-anchor="middle" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-weight="bold" font-size="${titleSize}" fill="#fff">${escapeXml(title)}</text>
${subtitle ? `<text x="50%" y="${baseline + subtitleSize * 1.6}" text-anchor="middle" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="${subtitleSize}" fill="#fff" fill-opacity="0.85">${escapeXml(subtitle)}</text>` : ''}
</svg>`;
}

const KEY_PATTERN = /^[a-z0-9][a-z0-9_\-/]*$/i;
const BLURRED_SUFFIX = '.blur';
/**
 * A signed URL holds at least a day and at most two: expiries are rounded up to the day, so a verified guest's
 * pages name the same URLs all day and the browser keeps the images (they are immutable).
 */
const SIGNED_URL_DAY_SECONDS = 24 * 60 * 60;
/** The blurred variant is small (the browser scales it to the image's size) and blurred past recognition. */
const BLURRED_WIDTH = 48;
const BLUR_SIGMA = 3;

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

/**
 * Demo images rendered locally (SVG → WebP with sharp) into DATA_DIR/media/<key>.webp and served by the server
 * under /media/. Generating is idempotent: an existing file is kept.
 */
export class SharpImageStore implements ImageStore {
  /**
   * Paths (/media/...) of files behind the age check, restricted on this start before any route serves, with what
   * their unsigned URL answers (a blurred variant's bytes are small and kept at hand).
   */
  private readonly restricted = new Map<string, Exclude<MediaAccess, { answer: 'file' }>>();
  private readonly signingKey: Buffer;

  constructor(
    private readonly mediaDir: string,
    secret: string,
  ) {
    this.signingKey = createHmac('sha256', secret).update('velvet age-restricted media urls').digest();
  }

  url(key: string): string {
    return `${MEDIA_URL_PREFIX}${key}.webp`;
  }

  /** The file below the media folder of one of its URLs. */
  private fileOf(url: string): string {
    const relative = url.slice(MEDIA_URL_PREFIX.length);
    if (
      !url.startsWith(MEDIA_URL_PREFIX) ||
      !KEY_PATTERN.test(relative.replace(/(?:\.blur)?\.[a-z0-9]+$/, '')) ||
      url.includes('..')
    )
      throw new Error(`Not a media URL: ${url}`);
    return path.join(this.mediaDir, relative);
  }

  blurredUrl(url: string): string {
    return url.replace(/\.webp$/, `${BLURRED_SUFFIX}.webp`);
  }

  private signature(url: string, expires: number): string {
    return createHmac('sha256', this.signingKey).update(`${url}\n${expires}`).digest('base64url');
  }

  signedUrl(url: string, now: Date): string {
    const expires = (Math.ceil(now.getTime() / 1000 / SIGNED_URL_DAY_SECONDS) + 1) * SIGNED_URL_DAY_SECONDS;
    return `${url}?avs=${expires}.${this.signature(url, expires)}`;
  }

  access(url: string, now: Date): MediaAccess {
    const [pathname = '', query = ''] = url.split('?', 2);
    let file: string;
    try {
      file = decodeURIComponent(pathname);
    } catch {
      return { answer: 'file' }; // not a path the static files answer either
    }
    const restriction = this.restricted.get(file);
    if (!restriction || this.signed(file, query, now)) return { answer: 'file' };
    return restriction;
  }

  /** Whether the query holds a signature of this file that is still in time. */
  private signed(file: string, query: string, now: Date): boolean {
    const grant = /^(\d{1,12})\.([\w-]{43})$/.exec(new URLSearchParams(query).get('avs') ?? '');
    if (!grant) return false;
    const expires = Number(grant[1]);
    if (expires * 1000 < now.getTime()) return false;
    const expected = Buffer.from(this.signature(file, expires));
    const given = Buffer.from(grant[2]!);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  async restrict(url: string, unsigned: UnsignedAnswer = 'refused'): Promise<void> {
    const blurred = this.fileOf(this.blurredUrl(url));
    if (!(await exists(blurred))) {
      const webp = await sharp(this.fileOf(url))
        .resize({ width: BLURRED_WIDTH })
        .blur(BLUR_SIGMA)
        .webp({ quality: 50, effort: 0 })
        .toBuffer();
      await writeFile(blurred, webp);
    }
    this.restricted.set(
      url,
      unsigned === 'refused' ? { answer: 'refused' } : { answer: 'blurred', webp: await readFile(blurred) },
    );
  }

  restrictFile(url: string): void {
    this.fileOf(url);
    this.restricted.set(url, { answer: 'refused' });
  }

  async put(key: string, webp: Buffer): Promise<string> {
    const url = this.url(key);
    const file = this.fileOf(url);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, webp);
    return url;
  }

  async remove(url: string): Promise<void> {
    if (!url.startsWith(MEDIA_URL_PREFIX) || !url.endsWith('.webp')) return;
    await rm(this.fileOf(url), { force: true });
  }

  async generate(request: ImageRequest): Promise<string> {
    const file = this.fileOf(this.url(request.key));
    if (!(await exists(file))) {
      await mkdir(path.dirname(file), { recursive: true });
      const webp = await sharp(Buffer.from(imageSvg(request)))
        .webp({ quality: 72, effort: 0 })
        .toBuffer();
      await writeFile(file, webp);
    }
    return this.url(request.key);
  }
}
