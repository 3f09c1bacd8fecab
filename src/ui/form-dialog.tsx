import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { Button } from './button';
import { Modal, type ModalSize } from './modal';

/**
 * A dialog around one form: Cancel and the button named `action` (a danger button when the
 * action cannot be undone). `onSubmit` runs once per send, the button waiting for it; the
 * dialog closes when it answers true and stays open (to correct or read the refusal) otherwise.
 */
export function FormDialog({
  title,
  action,
  danger,
  size = 'md',
  className,
  onSubmit,
  onClose,
  children,
}: {
  title: string;
  action: string;
  danger?: boolean;
  size?: ModalSize;
  className?: string;
  onSubmit: () => boolean | Promise<boolean>;
  onClose: () => void;
  children: ReactNode;
}) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const outcome = onSubmit();
    // a form its own checks stopped answers at once: only a call to the server waits
    if (typeof outcome === 'boolean') {
      if (outcome) onClose();
      return;
    }
    setBusy(true);
    const done = await outcome.finally(() => setBusy(false));
    if (done) onClose();
  };
  return (
    <Modal
      open
      size={size}
      title={title}
      onClose={onClose}
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button variant={danger ? 'danger' : 'primary'} type="submit" form={id} disabled={busy}>
            {action}
          </Button>
        </>
      }
    >
      <form id={id} className={className} onSubmit={submit} noValidate>
        {children}
      </form>
    </Modal>
  );
}
