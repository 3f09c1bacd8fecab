import { useObservable, useObservableEagerState } from 'observable-hooks';
import { map, of, switchMap } from 'rxjs';
import { type ActivityFeed, activityFeed } from '../../streams/activity';
import { useServices } from '../services';
import { useLocationId } from './app-state';

const none: ActivityFeed = { status: 'loading', entries: [], advice: null };
const feedSize = 30;

/** The chosen location's recent activity, read again after each live change (at most once a second). */
export function useActivity(): ActivityFeed {
  const { live$, analytics } = useServices();
  const locationId = useLocationId();
  const feed$ = useObservable(
    (inputs$) =>
      inputs$.pipe(
        switchMap(([live, reads, id]) =>
          live.pipe(
            switchMap((store) =>
              store && id
                ? activityFeed(store.state$.pipe(map((state) => state.lastEventId)), () =>
                    reads.events({ locationId: id, limit: feedSize }),
                  )
                : of(none),
            ),
          ),
        ),
      ),
    [live$, analytics, locationId],
  );
  return useObservableEagerState(feed$);
}
