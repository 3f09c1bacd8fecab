import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { refusalText } from '../shell/api-error';
import { Button } from './button';
import styles from './form-dialog.module.css';
import { Modal, type ModalSize } from './modal';

/**
 * A dialog around one form: Cancel and the button named `action` (a danger button when the
 * action cannot be undone). `onSubmit` runs once per send: false (the form's own checks stopped
 * it) keeps the dialog open; a promise keeps the button waiting, then closes the dialog, or,
 * when it rejects, shows the refusal in full at the top and stays open.
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
  onSubmit: () => boolean | Promise<unknown>;
  onClose: () => void;
  children: ReactNode;
}) {
  const id = useId();
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const outcome = onSubmit();
    // a form its own checks stopped answers at once: only a call to the server waits
    if (typeof outcome === 'boolean') {
      if (outcome) onClose();
      return;
    }
    setBusy(true);
    setRefusal(null);
    try {
      await outcome;
    } catch (error) {
      setRefusal(refusalText(error));
      return;
    } finally {
      setBusy(false);
    }
    onClose();
  };
  return (
    <Modal
      open
      size={size}
      title={title}
      onClose={onClose}
      footer={
        <>
          <Button onClick={onClose}>{t('actions.cancel')}</Button>
          <Button variant={danger ? 'danger' : 'primary'} type="submit" form={id} disabled={busy}>
            {action}
          </Button>
        </>
      }
    >
      <form id={id} className={className} onSubmit={submit} noValidate>
        {refusal && (
          <p className={styles.refusal} role="alert">
            {refusal}
          </p>
        )}
        {children}
      </form>
    </Modal>
  );
}
