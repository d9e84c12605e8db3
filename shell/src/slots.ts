import { mountRootParcel, type Parcel } from 'single-spa';
import type { ManifestRemote, PlatformApi, PlatformSlots, SlotName } from '@velvet/contracts';
import type { Lifecycles } from '@velvet/federation';

export type LoadWidgets = (remote: ManifestRemote) => Promise<Record<string, Lifecycles>>;

export interface MountSlotOptions {
  /** Called when the widget cannot load or mount; the element is left empty. */
  onError?: (error: unknown) => void;
}

/**
 * Widgets in named slots: the remote whose descriptor lists the slot is asked for its `./widgets` module and the
 * slot's lifecycles are mounted as a single-spa parcel into the element.
 */
export function createSlots(options: {
  remotes: readonly ManifestRemote[];
  loadWidgets: LoadWidgets;
  platform: () => PlatformApi;
  /** What a failed widget shows when its host did not say otherwise. */
  renderFallback: (remote: string, element: HTMLElement) => void;
  /** A widget's code loaded but its mount failed (load failures are the loader's to report). */
  onMountError?: (remote: ManifestRemote, error: unknown) => void;
}) {
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

  const mount = (
    slot: SlotName,
    element: HTMLElement,
    props: Record<string, unknown> = {},
    mountOptions: MountSlotOptions = {},
  ) => {
    let parcel: Parcel | null = null;
    let cancelled = false;
    const fail = (error: unknown) => {
      if (!cancelled) mountOptions.onError?.(error);
    };
    const remote = ownerOf(slot);
    if (!remote) {
      queueMicrotask(() => fail(new Error(`No enabled remote fills ${slot}`)));
    } else {
      widgetsOf(remote)
        .then((widgets) => {
          const lifecycles = widgets[slot];
          if (!lifecycles) throw new Error(`${remote.name} does not export the widget ${slot}`);
          if (cancelled) return;
          parcel = mountRootParcel(lifecycles as never, {
            ...props,
            domElement: element,
            platform: options.platform(),
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

  const slots: PlatformSlots = {
    render: (slot, element, props) =>
      mount(slot, element, props, { onError: () => options.renderFallback(ownerOf(slot)?.name ?? slot, element) }),
    has: (slot) => ownerOf(slot) !== null,
  };
  return { slots, mount };
}
export type ShellSlots = ReturnType<typeof createSlots>;
