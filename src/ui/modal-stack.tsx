import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useId,
  useMemo,
  useState,
} from 'react';
import { modalLayerZ } from '../../streams/config';

type Stack = { ids: string[]; maxLayers: number; push: (id: string) => void; remove: (id: string) => void };

const StackContext = createContext<Stack | null>(null);

/** Holds the open modals in order; the layout strategy decides how many layers may show at once. */
export function ModalStackProvider({ maxLayers, children }: { maxLayers: number; children: ReactNode }) {
  const [ids, setIds] = useState<string[]>([]);
  const push = useCallback((id: string) => setIds((s) => [...s.filter((x) => x !== id), id]), []);
  const remove = useCallback((id: string) => setIds((s) => s.filter((x) => x !== id)), []);
  const value = useMemo(() => ({ ids, maxLayers, push, remove }), [ids, maxLayers, push, remove]);
  return <StackContext.Provider value={value}>{children}</StackContext.Provider>;
}

/** This modal's layer: its z-index (modals start at 1000), whether it is on top, whether it shows. */
export function useModalLayer(open: boolean) {
  const stack = useContext(StackContext);
  const id = useId();
  const push = stack?.push;
  const remove = stack?.remove;
  useEffect(() => {
    if (!open || !push || !remove) return;
    push(id);
    return () => remove(id);
  }, [open, id, push, remove]);
  if (!stack) return { zIndex: modalLayerZ, isTop: true, visible: true };
  const index = stack.ids.indexOf(id);
  return {
    zIndex: modalLayerZ + Math.max(index, 0),
    isTop: index === stack.ids.length - 1,
    // Beyond the layout's layer limit the oldest layers step back until the newer ones close.
    visible: index >= stack.ids.length - stack.maxLayers,
  };
}
