import { BehaviorSubject } from 'rxjs';
import type { PlatformUi, ShellFlow, SlotName, StatusBarEntry } from '@velvet/contracts';

/** Flows whose modal content is the widget of whichever remote fills the slot. */
export const FLOW_SLOTS = {
  moneyCharge: 'flow.moneyCharge',
  ageCheck: 'flow.ageCheck',
  tvSubscription: 'flow.tvSubscription',
} as const satisfies Partial<Record<ShellFlow, SlotName>>;
export type SlotFlow = keyof typeof FLOW_SLOTS;
export type AuthFlow = Extract<ShellFlow, 'login' | 'signup'>;
export type ShellModal = AuthFlow | SlotFlow;
export const isSlotFlow = (flow: ShellModal): flow is SlotFlow => flow in FLOW_SLOTS;
export interface Toast {
  id: number;
  message: string;
  kind: 'info' | 'error' | 'success';
}
/**
 * What the status bar shows: the server's message for the guest (StatusBarEntry), or the shell's own notice that
 * the connection is lost, which the server cannot send.
 */
export type ShownStatus = StatusBarEntry | { type: 'connectionLost'; data: Record<string, never>; action: null };

const TOAST_MS = 5000;

/** A survey the shell asks: the site's feedback survey, or a guest's rating of one feature. */
export type Survey = { kind: 'feedback' } | { kind: 'feature'; featureId: string };
const sameSurvey = (a: Survey, b: Survey) =>
  a.kind === b.kind && (a.kind === 'feedback' || a.featureId === (b as typeof a).featureId);

/**
 * Spec: only the first open survey is active, and surveys can be blocked: one waits while a flow's modal (login,
 * a payment) is open, and the others wait behind the active one.
 */
export const activeSurvey = (open: readonly Survey[], modal: ShellModal | null): Survey | null =>
  modal === null ? (open[0] ?? null) : null;

/**
 * Shell-level UI state: the open modal, the open surveys, toasts and the status bar. Login and signup are built here, the money
 * charge and the age check are remotes' widgets in the shell's modal (FLOW_SLOTS).
 */
export function createUiStore() {
  const modal$ = new BehaviorSubject<ShellModal | null>(null);
  const toasts$ = new BehaviorSubject<Toast[]>([]);
  const statusBar$ = new BehaviorSubject<ShownStatus | null>(null);
  const surveys$ = new BehaviorSubject<readonly Survey[]>([]);
  let nextId = 1;

  const dismiss = (id: number) => toasts$.next(toasts$.value.filter((toast) => toast.id !== id));
  const toast: PlatformUi['toast'] = (message, kind = 'info') => {
    const id = nextId++;
    toasts$.next([...toasts$.value, { id, message, kind }]);
    setTimeout(() => dismiss(id), TOAST_MS);
  };
  const ui: PlatformUi = {
    open: (flow) => modal$.next(flow),
    toast,
  };
  const surveys = {
    /** Queues a survey behind those open already; one that is open already is not queued twice. */
    open: (survey: Survey) => {
      if (!surveys$.value.some((open) => sameSurvey(open, survey))) surveys$.next([...surveys$.value, survey]);
    },
    close: (survey: Survey) => surveys$.next(surveys$.value.filter((open) => !sameSurvey(open, survey))),
  };
  return { ui, modal$, toasts$, statusBar$, surveys$, surveys, dismiss, close: () => modal$.next(null) };
}
export type UiStore = ReturnType<typeof createUiStore>;
