import { BehaviorSubject } from 'rxjs';
import type { i18n as I18n } from 'i18next';
import type { PlatformUi, ShellFlow } from '@velvet/contracts';

export type ShellModal = Extract<ShellFlow, 'login' | 'signup'>;
export interface Toast {
  id: number;
  message: string;
  kind: 'info' | 'error' | 'success';
}
/** Status bar messages the shell raises itself (spec part 1, 4 lists the full set; remotes add theirs later). */
export type StatusBarType = 'connectionLost' | 'error';

const TOAST_MS = 5000;

/**
 * Shell-level UI state: the open modal, toasts and the status bar. Login and signup are built here; the other
 * flows (age check, money charge) arrive with the account and wallet work and show a toast until then.
 */
export function createUiStore(i18n: I18n) {
  const modal$ = new BehaviorSubject<ShellModal | null>(null);
  const toasts$ = new BehaviorSubject<Toast[]>([]);
  const statusBar$ = new BehaviorSubject<{ type: StatusBarType; message: string } | null>(null);
  let nextId = 1;

  const dismiss = (id: number) => toasts$.next(toasts$.value.filter((toast) => toast.id !== id));
  const toast: PlatformUi['toast'] = (message, kind = 'info') => {
    const id = nextId++;
    toasts$.next([...toasts$.value, { id, message, kind }]);
    setTimeout(() => dismiss(id), TOAST_MS);
  };
  const ui: PlatformUi = {
    open(flow) {
      if (flow === 'login' || flow === 'signup') modal$.next(flow);
      else toast(i18n.t('shell:flows.unavailable', { flow: i18n.t(`shell:flows.${flow}`) }), 'info');
    },
    toast,
  };
  return { ui, modal$, toasts$, statusBar$, dismiss, close: () => modal$.next(null) };
}
export type UiStore = ReturnType<typeof createUiStore>;
