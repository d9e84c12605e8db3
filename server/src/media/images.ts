/**
 * Demo images are generated locally at seed time (no external URLs) and served by the server under /media/.
 */
export interface ImageRequest {
  /** Path below the media folder without extension, e.g. `actors/12/avatar`. Unique per image. */
  key: string;
  width: number;
  height: number;
  /** Text drawn on the image, e.g. the performer's or video's name. */
  title: string;
  subtitle?: string;
  /** Picks colours and shapes deterministically. */
  seed: number;
}

/** What the plain (unsigned) URL of a restricted image answers. */
export type UnsignedAnswer = 'refused' | 'blurred';

export type MediaAccess = { answer: 'file' } | { answer: 'refused' } | { answer: 'blurred'; webp: Buffer };

export interface ImageStore {
  /** Writes the image if it does not exist yet and answers its public URL (e.g. /media/actors/12/avatar.webp). */
  generate(request: ImageRequest): Promise<string>;
  /** The public URL an image with this key has (whether generated or not). */
  url(key: string): string;
  /** Stores WebP bytes under the key (an upload the caller re-encoded) and answers its public URL. */
  put(key: string, webp: Buffer): Promise<string>;
  /** Removes the image a public URL of this store names; other URLs are left alone. */
  remove(url: string): Promise<void>;
  /**
   * Puts an image (by its URL) above its free age rating behind the age check: a blurred variant is made beside
   * it (once), and from then on the image itself is served only at a signed URL (`signedUrl`). Its plain URL is
   * refused, or with `unsigned: 'blurred'` answers the blurred variant's bytes: for an image (a performer's
   * picture) named by many answers that do not all pass the age gate, so none of them shows a broken image.
   */
  restrict(url: string, unsigned?: UnsignedAnswer): Promise<void>;
  /** Puts another media file (a clip) behind the age check, without a blurred variant. */
  restrictFile(url: string): void;
  /** The blurred variant of a restricted image, served to everyone. */
  blurredUrl(url: string): string;
  /** A restricted file's URL signed for a while from `now`, for a verified guest. */
  signedUrl(url: string, now: Date): string;
  /**
   * How a request for this URL (path and query) is answered: its file when not restricted or signed and in time,
   * otherwise as its restriction says (refused, or the blurred variant's bytes).
   */
  access(url: string, now: Date): MediaAccess;
}
