import { useObservable, useObservableEagerState } from 'observable-hooks';
import { filter, map, of, switchMap } from 'rxjs';
import { type ActivityFeed, activityFeed } from '../../streams/activity';
import { useServices } from '../services';
import { useLocationId } from './app-state';

const none: ActivityFeed = { status: 'loading', entries: [], advice: null };
const feedSize = 30;

/**
 * The chosen location's recent activity: read once the live data is in, then again after each
 * live change (at most once a second). Read while the data still loaded, the feed was read twice
 * on opening: at the empty store's event id, and again at the snapshot's.
 */
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
                ? activityFeed(
                    store.state$.pipe(
                      filter((state) => state.status !== 'loading'),
                      map((state) => state.lastEventId),
                    ),
                    () => reads.events({ locationId: id, limit: feedSize }),
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
