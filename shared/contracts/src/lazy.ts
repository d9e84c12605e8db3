/**
 * A record whose members are built on first read, each once; afterwards a member is a plain property. Lets the
 * contracts describe hundreds of shapes without building them when the package is loaded.
 */
export function lazyRecord<T extends Record<string, unknown>>(build: { [K in keyof T]: () => T[K] }): T {
  const record = {} as T;
  for (const key of Object.keys(build) as (keyof T & string)[]) {
    Object.defineProperty(record, key, {
      get: () => {
        const value = build[key]();
        Object.defineProperty(record, key, { value, enumerable: true });
        return value;
      },
      enumerable: true,
      configurable: true,
    });
  }
  return record;
}

/** A value built on its first call; every later call answers the same one. */
export function once<T>(build: () => T): () => T {
  let built: { value: T } | undefined;
  return () => (built ??= { value: build() }).value;
}
