import { useObservableEagerState } from 'observable-hooks';
import { useServices } from '../services';

/** Whether the browser is online now, and again at each change. */
export function useOnline(): boolean {
  return useObservableEagerState(useServices().online$);
}
