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

export interface ImageStore {
  /** Writes the image if it does not exist yet and answers its public URL (e.g. /media/actors/12/avatar.webp). */
  generate(request: ImageRequest): Promise<string>;
  /** The public URL an image with this key has (whether generated or not). */
  url(key: string): string;
  /** Stores WebP bytes under the key (an upload the caller re-encoded) and answers its public URL. */
  put(key: string, webp: Buffer): Promise<string>;
  /** Removes the image a public URL of this store names; other URLs are left alone. */
  remove(url: string): Promise<void>;
}
