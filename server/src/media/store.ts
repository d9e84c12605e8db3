import { access, mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { ImageRequest, ImageStore } from './images';

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

/**
 * Demo images rendered locally (SVG → WebP with sharp) into DATA_DIR/media/<key>.webp and served by the server
 * under /media/. Generating is idempotent: an existing file is kept.
 */
export class SharpImageStore implements ImageStore {
  constructor(private readonly mediaDir: string) {}

  url(key: string): string {
    return `${MEDIA_URL_PREFIX}${key}.webp`;
  }

  private fileOf(key: string): string {
    if (!KEY_PATTERN.test(key) || key.includes('..')) throw new Error(`Invalid image key ${key}`);
    return path.join(this.mediaDir, `${key}.webp`);
  }

  async put(key: string, webp: Buffer): Promise<string> {
    const file = this.fileOf(key);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, webp);
    return this.url(key);
  }

  async remove(url: string): Promise<void> {
    if (!url.startsWith(MEDIA_URL_PREFIX) || !url.endsWith('.webp')) return;
    await rm(this.fileOf(url.slice(MEDIA_URL_PREFIX.length, -'.webp'.length)), { force: true });
  }

  async generate(request: ImageRequest): Promise<string> {
    const file = this.fileOf(request.key);
    const exists = await access(file).then(
      () => true,
      () => false,
    );
    if (!exists) {
      await mkdir(path.dirname(file), { recursive: true });
      const webp = await sharp(Buffer.from(imageSvg(request)))
        .webp({ quality: 72, effort: 0 })
        .toBuffer();
      await writeFile(file, webp);
    }
    return this.url(request.key);
  }
}
