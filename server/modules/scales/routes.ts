import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import {
  type Scale,
  type ScaleReadingEvent,
  type ScaleSignal,
  scaleProtocols,
} from '../../../streams/scales';
import { scaleSchema } from '../../../streams/scales/scale-schema';
import type { App } from '../../app-type';
import { portAllowed, portRangesText } from '../../config';
import type { DB } from '../../db/schema';
import { assertLocationAccess, currentUser, isUuid, signIn, visible } from '../../plugins/auth';
import { assertDevicePort, hostSchema, portSchema } from '../../plugins/device-address';
import { notFound, refuse, refuseDuplicate } from '../../plugins/errors';
import { type MutationOutcome, mutate } from '../../plugins/mutate';
import { errorAnswers } from '../../plugins/openapi';
import { idParams, successSchema } from '../../plugins/resources';
import { lineText } from '../../plugins/text';
import { systemUpdate } from '../analytics';
import { SseStream, StreamHolders, sseFrame, sseHeadWith } from '../live';
import { lockLocationPrinters } from '../printing';
import { ScaleReaders } from './reader';
import { deleteScale, findScale, insertScale, listScales, updateScale } from './repository';

const scaleFields = z.object({
  name: lineText(100),
  host: hostSchema,
  port: portSchema,
  protocol: z
    .enum(scaleProtocols)
    .describe("mt-sics: Mettler Toledo's, asked SI; continuous: an indicator's lines like ST,GS,+0012.34kg"),
});

const createBody = scaleFields.extend({ locationId: z.uuid() }).strict();

const patchBody = scaleFields
  .partial()
  .strict()
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: 'send at least one of name, host, port, protocol',
  });

const scalePortMessage = (allowedPorts: string) =>
  `scales are reached on port ${allowedPorts} only (the server's PRINTER_PORTS)`;

const nameTaken = (name: string) => () =>
  refuse('SCALE_NAME_TAKEN', `A scale named "${name}" already exists here`, { name });

/** The scale `id` if the caller may see its location (404 otherwise). */
async function loadScale(request: FastifyRequest, id: string): Promise<Scale> {
  if (!isUuid(id)) throw notFound();
  return visible(currentUser(request), await findScale(request.server.db, id), (scale) => scale.locationId);
}

/**
 * What a change of a location's scales logs: a SCALES_UPDATE live event with the location's
 * scales as GET /api/scales answers them, so every open set-up screen and console follows without
 * a reload; and a `system_update` analytics event.
 */
async function scalesChanged(
  trx: Kysely<DB>,
  locationId: string,
  notes: string,
  previous: unknown,
  next: unknown,
): Promise<Pick<MutationOutcome<unknown>, 'live' | 'analytics'>> {
  return {
    // not one of SPEC 7's types: clients that do not know it skip it
    live: [{ locationId, message: { type: 'SCALES_UPDATE', scales: await listScales(trx, locationId) } }],
    analytics: [systemUpdate(locationId, notes, { previous, next })],
  };
}

/** The SSE frame of a scale's signal. */
function signalFrame(scaleId: string, signal: ScaleSignal): Buffer {
  if (signal.kind === 'silent') return sseFrame('silent', { type: 'silent', scaleId });
  const { weightKg, stable, at } = signal.reading;
  const event: ScaleReadingEvent = {
    type: 'reading',
    scaleId,
    weightKg,
    stable,
    at: new Date(at).toISOString(),
  };
  return sseFrame('reading', event);
}

/**
 * Network scales per location (issue 34), managed beside the printers, and each scale's readings
 * as a stream of their own.
 *
 * Readings do not go through the location's live events: those are written to the database log,
 * numbered without gaps, replayed after a reconnect and kept up to 100,000 per location, and a
 * scale sends up to 5 readings a second, which would be a database write each and would push a
 * day's pallet events out of the log within hours, all for weights that are worthless a second
 * later. A screen that shows a scale opens GET /api/scales/{id}/readings instead: the stream
 * itself is "a screen has the scale open", so the server reads a scale exactly while some
 * stream of it is open (one connection for all of them), and nothing is kept. A change of a
 * scale's set-up is a logged live event (SCALES_UPDATE), as a printer's is.
 */
export async function scaleRoutes(app: App): Promise<void> {
  const readers = new ScaleReaders();
  const streams = new Set<SseStream>();
  // a signed-out session, or a user who lost the location, loses its scales' streams as its live events'
  const holders = new StreamHolders();
  const listening = app.changes$.subscribe((change) =>
    holders.closeLost(app, change, (error) => app.log.error({ err: error }, 'scale readings')),
  );
  // the streams end when the server stops; their screens reconnect to another process
  app.addHook('preClose', async () => {
    for (const stream of streams) stream.end();
  });
  app.addHook('onClose', async () => listening.unsubscribe());

  app.get(
    '/api/scales',
    {
      schema: {
        tags: ['scales'],
        summary: 'The network scales of a location, by name',
        querystring: z.object({ locationId: z.uuid() }),
        response: { 200: z.object({ data: z.array(scaleSchema) }), ...errorAnswers(401, 404, 422) },
      },
    },
    async (request) => {
      await assertLocationAccess(request, request.query.locationId);
      return { data: await listScales(app.db, request.query.locationId) };
    },
  );

  app.post(
    '/api/scales',
    {
      config: { conflicts: ['SCALE_NAME_TAKEN'] },
      schema: {
        tags: ['scales'],
        summary: 'Add a network scale to a location (admin or manage_users)',
        body: createBody,
        response: { 201: scaleSchema, ...errorAnswers(401, 403, 404, 409, 422) },
      },
    },
    async (request, reply) => {
      const { locationId, ...fields } = request.body;
      await assertLocationAccess(request, locationId);
      assertDevicePort(app, fields.port, 'SCALE_PORT_NOT_ALLOWED', scalePortMessage);
      return mutate(request, reply, async (trx) => {
        await lockLocationPrinters(trx, locationId);
        const scale = await refuseDuplicate(nameTaken(fields.name), () =>
          insertScale(trx, locationId, fields),
        );
        return {
          status: 201,
          body: scale,
          ...(await scalesChanged(trx, locationId, `Scale ${scale.name} added`, null, scale)),
        };
      });
    },
  );

  app.patch(
    '/api/scales/:id',
    {
      config: { conflicts: ['SCALE_NAME_TAKEN'] },
      schema: {
        tags: ['scales'],
        summary: 'Change a network scale (admin or manage_users); its open reading streams end',
        params: idParams,
        body: patchBody,
        response: { 200: scaleSchema, ...errorAnswers(401, 403, 404, 409, 422) },
      },
    },
    async (request, reply) => {
      const scale = await loadScale(request, request.params.id);
      assertDevicePort(app, request.body.port, 'SCALE_PORT_NOT_ALLOWED', scalePortMessage);
      const name = request.body.name ?? scale.name;
      const body = await mutate(request, reply, async (trx) => {
        await lockLocationPrinters(trx, scale.locationId);
        const changed = await refuseDuplicate(nameTaken(name), () =>
          updateScale(trx, scale.id, request.body),
        );
        return {
          body: changed,
          ...(await scalesChanged(trx, scale.locationId, `Scale ${name} changed`, scale, changed)),
        };
      });
      readers.forget(scale.id);
      return body;
    },
  );

  app.delete(
    '/api/scales/:id',
    {
      schema: {
        tags: ['scales'],
        summary: 'Remove a network scale (admin or manage_users); its open reading streams end',
        params: idParams,
        response: { 200: successSchema, ...errorAnswers(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const scale = await loadScale(request, request.params.id);
      const body = await mutate(request, reply, async (trx) => {
        await lockLocationPrinters(trx, scale.locationId);
        await deleteScale(trx, scale.id);
        return {
          body: { success: true as const },
          ...(await scalesChanged(trx, scale.locationId, `Scale ${scale.name} removed`, scale, null)),
        };
      });
      readers.forget(scale.id);
      return body;
    },
  );

  app.get(
    '/api/scales/:id/readings',
    {
      config: { conflicts: ['SCALE_PORT_NOT_ALLOWED'] },
      schema: {
        tags: ['scales'],
        summary: "A scale's live weight (server-sent events), read while the stream is open",
        description:
          "`connected`, then `reading` (`{type, scaleId, weightKg, stable, at}`: a changed weight at once, a steady one again once a second, at most 5 a second, `stable` by the scale's own flag, else within 0.05 kg for 1 s) and `silent` (`{type, scaleId}`: no reading for 3 s; the next reading ends it); `heartbeat` every 15 s. The stream ends when the scale is changed or removed: open it again.",
        params: idParams,
        querystring: z.object({
          token: z.string().optional().describe('the access token (an EventSource cannot send headers)'),
        }),
        response: {
          200: {
            description: 'text/event-stream: `connected`, then `reading`, `silent` and `heartbeat` events',
            content: { 'text/event-stream': { schema: z.string() } },
          },
          ...errorAnswers(401, 404, 409),
        },
      },
    },
    async (request, reply) => {
      await signIn(request, request.query.token);
      const scale = await loadScale(request, request.params.id);
      if (!portAllowed(app.config.printerPorts, scale.port)) {
        const allowedPorts = portRangesText(app.config.printerPorts);
        throw refuse('SCALE_PORT_NOT_ALLOWED', scalePortMessage(allowedPorts), {
          port: scale.port,
          allowedPorts,
        });
      }
      const head = sseHeadWith(reply.getHeaders());
      reply.hijack();
      const socket = request.raw.socket;
      if (socket.destroyed) return;
      const { id: userId, familyId } = currentUser(request);
      holders.add({ userId, familyId, locationId: scale.locationId, client: undefined, socket });
      const stream = new SseStream(socket, app.config.live.maxBufferedBytes);
      stream.send(head);
      stream.send(sseFrame('connected', { type: 'connected', scaleId: scale.id, name: scale.name }));
      const subscription = readers.signals(scale.id, scale).subscribe({
        next: (signal) => stream.send(signalFrame(scale.id, signal)),
        complete: () => stream.end(),
      });
      const heartbeat = setInterval(
        () => stream.send(sseFrame('heartbeat', { type: 'heartbeat', timestamp: new Date().toISOString() })),
        app.config.live.heartbeatMs,
      );
      streams.add(stream);
      socket.once('close', () => {
        clearInterval(heartbeat);
        subscription.unsubscribe();
        streams.delete(stream);
      });
    },
  );
}
