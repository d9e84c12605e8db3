import type { ParcelConfig } from 'single-spa';
import type { DehydratedState } from '@tanstack/react-query';
import {
  SLOT_PROPS,
  type ManifestRemote,
  type PlatformApi,
  type PlatformSlots,
  type SlotName,
  type SlotRenderOptions,
} from '@velvet/contracts';
import type { Lifecycles } from './defineRemoteApp';

export type LoadWidgets = (remote: ManifestRemote) => Promise<Record<string, Lifecycles>>;

/** What the host needs of a mounted single-spa parcel. */
export interface MountedParcel {
  mountPromise: Promise<unknown>;
  getStatus(): string;
  unmount(): Promise<unknown>;
}

/** single-spa's `mountRootParcel`, handed in by the page that owns single-spa (the shell). */
export type MountParcel = (
  lifecycles: ParcelConfig,
  props: { domElement: HTMLElement; [key: string]: unknown },
) => MountedParcel;

/** Props refused by a slot's schema (SLOT_PROPS): the widget never saw them. */
export class SlotPropsError extends Error {
  constructor(
    readonly slot: SlotName,
    readonly issues: readonly { path: readonly PropertyKey[]; message: string }[],
  ) {
    super(
      `Props for ${slot} fail its schema: ${issues.map((issue) => `${issue.path.join('.') || '(props)'} ${issue.message}`).join('; ')}`,
    );
    this.name = 'SlotPropsError';
  }
}

export interface SlotHostOptions {
  remotes: readonly ManifestRemote[];
  loadWidgets: LoadWidgets;
  mountParcel: MountParcel;
  platform: () => PlatformApi;
  /** What a failed widget shows when its host did not say otherwise. */
  renderFallback: (remote: string, element: HTMLElement) => void;
  /** A widget's code loaded but its mount failed (load failures are the loader's to report). */
  onMountError?: (remote: ManifestRemote, error: unknown) => void;
  /** A host passed props the slot's schema refuses (a bug of the host, not of the widget's remote). */
  onPropsRefused?: (error: SlotPropsError, remote: ManifestRemote) => void;
  /** The answers the server rendered a slot's widget with, for the mount that hydrates it (asked once per mount). */
  serverState?: (slot: SlotName, remote: ManifestRemote) => DehydratedState | undefined;
}

/**
 * The one slot host of the platform: the remote whose descriptor lists a slot is asked for its `./widgets`
 * module, the props are checked against the slot's schema, and the slot's lifecycles are mounted as a parcel
 * into the element. Whatever goes wrong ends in the caller's `onError`, or the fallback.
 */
export function createSlotHost(options: SlotHostOptions): PlatformSlots {
  const ownerOf = (slot: SlotName) => options.remotes.find((remote) => remote.descriptor.slots.includes(slot)) ?? null;
  const modules = new Map<string, Promise<Record<string, Lifecycles>>>();
  const widgetsOf = (remote: ManifestRemote) => {
    let module = modules.get(remote.name);
    if (!module) {
      module = options.loadWidgets(remote);
      // a failed load is not remembered: the next render tries again
      module.catch(() => modules.delete(remote.name));
      modules.set(remote.name, module);
    }
    return module;
  };
  const checked = (slot: SlotName, remote: ManifestRemote, props: unknown) => {
    const result = SLOT_PROPS[slot].safeParse(props ?? {});
    if (result.success) return result.data as Record<string, unknown>;
    const error = new SlotPropsError(slot, result.error.issues);
    console.error(error);
    options.onPropsRefused?.(error, remote);
    throw error;
  };

  const render = (slot: SlotName, element: HTMLElement, props?: unknown, renderOptions: SlotRenderOptions = {}) => {
    let parcel: MountedParcel | null = null;
    let cancelled = false;
    const fail = (error: unknown) => {
      if (cancelled) return;
      if (renderOptions.onError) renderOptions.onError(error);
      else options.renderFallback(ownerOf(slot)?.name ?? slot, element);
    };
    const remote = ownerOf(slot);
    if (!remote) {
      queueMicrotask(() => fail(new Error(`No enabled remote fills ${slot}`)));
    } else {
      Promise.resolve()
        .then(() => checked(slot, remote, props))
        .then(async (widgetProps) => {
          const lifecycles = (await widgetsOf(remote))[slot];
          if (!lifecycles) throw new Error(`${remote.name} does not export the widget ${slot}`);
          if (cancelled) return;
          const serverState = options.serverState?.(slot, remote);
          parcel = options.mountParcel(lifecycles as unknown as ParcelConfig, {
            ...widgetProps,
            domElement: element,
            platform: options.platform(),
            ...(serverState ? { serverState } : {}),
          });
          return parcel.mountPromise.catch((error: unknown) => {
            options.onMountError?.(remote, error);
            throw error;
          });
        })
        .catch(fail);
    }
    return () => {
      cancelled = true;
      const mounted = parcel;
      if (mounted && mounted.getStatus() === 'MOUNTED') void mounted.unmount().catch(() => undefined);
    };
  };

  return { render, has: (slot) => ownerOf(slot) !== null };
}
