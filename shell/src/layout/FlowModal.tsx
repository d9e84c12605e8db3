import { useTranslation } from 'react-i18next';
import { SlotHost } from '@velvet/federation';
import { Modal } from '@velvet/ui';
import { FLOW_SLOTS, isSlotFlow, type SlotFlow } from '../uiStore';
import { useShell, useSubject } from './ShellContext';

/**
 * The modal host of flows a remote provides (FLOW_SLOTS): `ui.open(flow)` shows the modal and mounts the widget
 * that fills the flow's slot inside it. No remote filling the slot, or a widget that fails to load, leaves a
 * translated message instead.
 */
export function FlowModal() {
  const { ui } = useShell();
  const mode = useSubject(ui.modal$);
  // keyed by flow: opening it again mounts a fresh widget
  return mode && isSlotFlow(mode) ? <FlowSlot key={mode} flow={mode} /> : null;
}

function FlowSlot({ flow }: { flow: SlotFlow }) {
  const { t } = useTranslation('shell');
  const { ui, slots } = useShell();
  return (
    <Modal open onClose={ui.close} title={t(`flowModal.${flow}.title`)} closeLabel={t('common.close')}>
      <div className="vv-flow" data-flow={flow}>
        <SlotHost
          slots={slots}
          slot={FLOW_SLOTS[flow]}
          // besides the platform, a flow's widget gets `close` to end the flow, e.g. once it succeeded
          props={{ close: ui.close }}
          fallback={
            <p role="alert" data-testid="flow-unavailable">
              {t(`flowModal.${flow}.unavailable`)}
            </p>
          }
        />
      </div>
    </Modal>
  );
}
