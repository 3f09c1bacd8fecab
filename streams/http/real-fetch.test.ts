import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from './client';
import type { ApiError } from './errors';

// The client over Node's real fetch and a real socket: headers, bodies and failures as a browser sees them.
let server: Server;
let base = '';
const seen: Array<{ method?: string; url?: string; authorization?: string; body: string }> = [];

const readBody = (request: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => resolve(body));
  });

beforeAll(async () => {
  server = createServer(async (request, response) => {
    seen.push({
      method: request.method,
      url: request.url,
      authorization: request.headers.authorization,
      body: await readBody(request),
    });
    if (request.url?.startsWith('/api/pallets')) {
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ data: [{ pallet_type: 'euro', tomato_option: 'loose' }] }));
    } else if (request.url === '/api/plain') {
      response.end('OK');
    } else if (request.url === '/api/empty') {
      response.writeHead(204).end();
    } else {
      response.writeHead(422, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          message: 'Invalid data provided',
          code: 'VALIDATION_FAILED',
          details: { weight: 'too heavy' },
          fields: { weight: { code: 'TOO_BIG', params: { maximum: 2000 } } },
        }),
      );
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('API client over a real socket', () => {
  const api = () => createApiClient({ fetch, baseUrl: base, token: () => 'tok' });

  it('sends the bearer token and JSON body, and converts pallet answers to camelCase', async () => {
    const answer = await api().post('/api/pallets?locationId=L1', { weight: 800 });
    expect(answer).toEqual({ data: [{ palletType: 'euro', tomatoOption: 'loose' }] });
    expect(seen.at(-1)).toEqual({
      method: 'POST',
      url: '/api/pallets?locationId=L1',
      authorization: 'Bearer tok',
      body: '{"weight":800}',
    });
  });

  it('reads plain-text OK and an empty 204 as success', async () => {
    expect(await api().get('/api/plain')).toEqual({ success: true });
    expect(await api().delete('/api/empty')).toEqual({
      success: true,
      message: 'Operation completed successfully',
    });
  });

  it('keeps the CONTRACT error body on the error', async () => {
    const error = (await api()
      .patch('/api/other', {})
      .catch((caught: unknown) => caught)) as ApiError;
    expect(error).toMatchObject({
      status: 422,
      message: 'Invalid data provided',
      code: 'VALIDATION_FAILED',
      details: { weight: 'too heavy' },
      fields: { weight: { code: 'TOO_BIG', params: { maximum: 2000 } } },
    });
  });

  it('reports no response when nothing listens', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const client = createApiClient({ fetch, baseUrl: `http://127.0.0.1:${port}`, token: () => null });
    await expect(client.get('/api/x')).rejects.toMatchObject({
      kind: 'no-response',
      message: 'No response received from server. Please check your connection.',
    });
  });
});
