import { z } from 'zod';
import type { App } from '../../app-type';
import { sseConnectionSources } from '../../metrics';
import { assertLocationAccess, signIn } from '../../plugins/auth';
import { fieldError, forbidden, HttpError, invalid, refuse } from '../../plugins/errors';
import { errorSchema } from '../../plugins/openapi';
import { prunePrintJobs } from '../printing';
import { hasClientAccess } from '../users';
import { StreamHolders } from './holders';
import { LiveHub } from './hub';
import { databaseLiveLog, pruneLiveEvents } from './repository';
import { sseHeadWith } from './sse-stream';

/** 503 beyond the per-process connection limit, and while the process drains for shutdown. */
const unavailable = () => refuse('SERVICE_UNAVAILABLE', 'Service unavailable. Please try again later');

const lastEventIdPattern = /^\d{1,15}$/;

/**
 * CONTRACT "Live events": `GET /api/sse/location/{locationId}?token=&lastEventId=`. Checks the
 * token (401) and the location (403) before the stream opens, then hands the socket to the hub.
 * Also feeds the hub the committed events this process hears, prunes the log, and drains the
 * streams (spread over a few seconds) when the app closes.
 */
export async function liveRoutes(app: App): Promise<void> {
  const options = app.config.live;
  const onError = (error: unknown) => app.log.error({ err: error }, 'live events');
  const hub = new LiveHub(databaseLiveLog(app.db), options, onError);
  const holders = new StreamHolders();
  // a committed event goes to its location's streams; after a reconnect, the log says what was
  // missed; a revoked session, or a user who lost what a stream needs, loses the stream
  const listening = app.changes$.subscribe((change) => {
    if (change.kind === 'live') hub.notify(change.locationId, change.id);
    else if (change.kind === 'listening') hub.catchUp();
    holders.closeLost(app, change, onError);
  });
  const unsample = sseConnectionSources(() =>
    hub
      .streamsByLocation()
      .map(({ locationId, streams }) => ({ labels: { location: locationId }, value: streams })),
  );
  // the label job history is kept as long as the log keeps its events
  const prune = () =>
    void Promise.all([pruneLiveEvents(app.db, options), prunePrintJobs(app.db, options)]).catch(onError);
  const pruning = setInterval(prune, options.pruneIntervalMs).unref();
  prune();
  app.addHook('preClose', () => hub.drain());
  app.addHook('onClose', async () => {
    clearInterval(pruning);
    listening.unsubscribe();
    unsample();
  });

  let head: Buffer | undefined;
  app.get(
    '/api/sse/location/:locationId',
    {
      schema: {
        summary: 'Live events of one location (server-sent events)',
        tags: ['live'],
        description:
          'Server-sent events of one location: `connected`, the replay after lastEventId (or `reset`), then `update`s; `heartbeat` every 15 s. The Last-Event-ID header wins over the query.',
        params: z.object({ locationId: z.string() }),
        querystring: z.object({
          token: z.string().optional().describe('the access token (an EventSource cannot send headers)'),
          lastEventId: z
            .string()
            .optional()
            .describe('the last update id received: the stream replays what followed'),
          client: z
            .enum(['desktop', 'mobile'])
            .optional()
            .describe(
              'the kind of client: the stream needs (and is held while the user has) that access; else either',
            ),
        }),
        response: {
          200: {
            description:
              'text/event-stream: `connected`, the replay, then `update` (id: the event id, data: SPEC 7 message) and `heartbeat` events',
            content: { 'text/event-stream': { schema: z.string() } },
          },
          401: errorSchema.describe('missing, expired or revoked token'),
          403: errorSchema.describe('a location the user may not see, or no client access'),
          422: errorSchema.describe('a lastEventId that is not a non-negative integer'),
          503: errorSchema.describe('past the connection limit, or shutting down'),
        },
      },
    },
    async (request, reply) => {
      const user = await signIn(request, request.query.token);
      const { locationId } = request.params;
      await assertLocationAccess(request, locationId).catch((error: unknown) => {
        throw error instanceof HttpError && error.statusCode === 404 ? forbidden() : error;
      });
      const { client } = request.query;
      if (!hasClientAccess(user, client)) throw forbidden();
      const header = request.headers['last-event-id'];
      const lastEventId =
        (typeof header === 'string' && header !== '' ? header : undefined) ?? request.query.lastEventId;
      if (lastEventId !== undefined && !lastEventIdPattern.test(lastEventId)) {
        throw invalid({
          lastEventId: fieldError('INVALID_FORMAT', 'must be a non-negative integer', { format: 'integer' }),
        });
      }
      if (!hub.accepting()) throw unavailable();
      // the security headers set so far (the same for every stream) go out with the stream's head
      head ??= sseHeadWith(reply.getHeaders());
      reply.hijack();
      holders.add({
        userId: user.id,
        familyId: user.familyId,
        locationId,
        client,
        socket: request.raw.socket,
      });
      await hub.open(
        locationId,
        request.raw.socket,
        lastEventId === undefined ? undefined : Number(lastEventId),
        head,
      );
    },
  );
}
