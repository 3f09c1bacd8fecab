import { type ReactNode, useState } from 'react';
import { Button } from './button';
import { Modal } from './modal';

/**
 * Asks before something that cannot be undone: `question` as the dialog's title, `children`
 * saying what follows, and a danger button named `action`. `onConfirm` runs once per click (the
 * button waits for it); the dialog closes when it answers true.
 */
export function ConfirmDialog({
  question,
  action,
  onConfirm,
  onClose,
  children,
}: {
  question: string;
  action: string;
  onConfirm: () => Promise<boolean>;
  onClose: () => void;
  children: ReactNode;
}) {
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    const done = await onConfirm().finally(() => setBusy(false));
    if (done) onClose();
  };
  return (
    <Modal
      open
      size="sm"
      title={question}
      onClose={onClose}
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button variant="danger" disabled={busy} onClick={() => void confirm()}>
            {action}
          </Button>
        </>
      }
    >
      {children}
    </Modal>
  );
}
