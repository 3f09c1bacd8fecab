import type { ReactNode } from 'react';
import { FormDialog } from './form-dialog';

/**
 * Asks before something that cannot be undone: `question` as the dialog's title, `children`
 * saying what follows, and a danger button named `action`; closes when `onConfirm` resolves and
 * shows its refusal when it rejects.
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
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <FormDialog title={question} action={action} danger size="sm" onSubmit={onConfirm} onClose={onClose}>
      {children}
    </FormDialog>
  );
}
