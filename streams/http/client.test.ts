import { Observable, of, throwError } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { createApiClient } from './client';
import { ApiError, apiErrorFromStatus, apiErrorMessages, hasErrorCode } from './errors';
import { createFakeFetch, type FakeAnswer } from './fake-fetch';
import { withQuery } from './send';

const clientAnswering = (answer: FakeAnswer, token: string | null = 't1') => {
  const fetch = createFakeFetch(() => answer);
  return { fetch, api: createApiClient({ fetch, token: () => token }) };
};

const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (error: unknown) => error as ApiError,
  );

describe('API client requests', () => {
  it('sends credentials and the stored bearer token on every call', async () => {
    const { fetch, api } = clientAnswering({ body: { ok: 1 } });
    await api.get('/api/locations');
    await api.post('/api/orders', { customer: 'A' });
    expect(fetch.calls.map((call) => [call.credentials, call.headers.Authorization])).toEqual([
      ['include', 'Bearer t1'],
      ['include', 'Bearer t1'],
    ]);
    expect(fetch.calls[1]).toMatchObject({ method: 'POST', body: { customer: 'A' } });
    expect(fetch.calls[1].headers['Content-Type']).toBe('application/json');
  });

  it('sends no Authorization header without a token', async () => {
    const { fetch, api } = clientAnswering({ body: {} }, null);
    await api.get('/api/health');
    expect(fetch.calls[0].headers.Authorization).toBeUndefined();
  });

  it('puts the query on the URL, dropping empty values and sending lists as JSON', async () => {
    expect(withQuery('/api/x', { a: 1, b: undefined, c: null, d: ['x', 'y'] })).toBe(
      '/api/x?a=1&d=%5B%22x%22%2C%22y%22%5D',
    );
    expect(withQuery('/api/x?z=1', { a: true })).toBe('/api/x?z=1&a=true');
    expect(withQuery('/api/x', {})).toBe('/api/x');
    const { fetch, api } = clientAnswering({ body: [] });
    await api.get('/api/pallets', { query: { locationId: 'L1', status: 'all' } });
    expect(Object.fromEntries(fetch.calls[0].query)).toEqual({ locationId: 'L1', status: 'all' });
  });

  it('uses each verb of the shortcuts', async () => {
    const { fetch, api } = clientAnswering({ body: {} });
    await api.put('/api/a', { x: 1 });
    await api.patch('/api/a', { x: 2 });
    await api.delete('/api/a');
    expect(fetch.calls.map((call) => call.method)).toEqual(['PUT', 'PATCH', 'DELETE']);
  });
});

describe('API client answers', () => {
  it('turns snake_case keys into camelCase on pallet paths only', async () => {
    const body = {
      pallet_type: 'euro',
      qr_code: '{"id":"p"}',
      storage_zone: { zone_id: 'z' },
      list: [{ box_type: 'b' }],
    };
    const pallets = clientAnswering({ body });
    expect(await pallets.api.get('/api/pallets/p1')).toEqual({
      palletType: 'euro',
      qrCode: '{"id":"p"}',
      storageZone: { zoneId: 'z' },
      list: [{ boxType: 'b' }],
    });
    expect(await pallets.api.get('/api/pallets?locationId=1')).toMatchObject({ palletType: 'euro' });
    const users = clientAnswering({ body: { first_login: true } });
    expect(await users.api.get('/api/users/u1')).toEqual({ first_login: true });
    expect(await users.api.get('/api/palletsx')).toEqual({ first_login: true });
  });

  it('turns plain-text ok or success into a success object', async () => {
    expect(await clientAnswering({ text: 'OK' }).api.get('/api/a')).toEqual({ success: true });
    expect(await clientAnswering({ text: ' success\n' }).api.get('/api/a')).toEqual({ success: true });
  });

  it('counts a success status with an unparseable body as success', async () => {
    const expected = { success: true, message: 'Operation completed successfully' };
    expect(await clientAnswering({ text: '<html>' }).api.get('/api/a')).toEqual(expected);
    expect(await clientAnswering({ status: 204 }).api.delete('/api/a')).toEqual(expected);
  });
});

describe('the error catalogue (SPEC 8)', () => {
  const cases: Array<[number, unknown, string]> = [
    [401, { message: 'Invalid username or password' }, 'Session expired. Please login again.'],
    [403, { message: 'x' }, 'You do not have permission to perform this action'],
    [404, {}, 'The requested resource was not found'],
    [422, { message: 'weight must be positive' }, 'weight must be positive'],
    [422, {}, 'Invalid data provided'],
    [429, {}, 'Too many requests. Please try again later'],
    [500, { message: 'boom' }, 'Server error. Please try again later'],
    [502, 'gateway', 'Bad gateway. Please try again later'],
    [503, {}, 'Service unavailable. Please try again later'],
    [409, { message: 'Pallet already assigned' }, 'Pallet already assigned'],
    [418, 'I am a teapot', 'I am a teapot'],
    [400, {}, 'An error occurred'],
  ];
  it.each(cases)('status %i with body %j reads "%s"', async (status, body, message) => {
    const answer = typeof body === 'string' ? { status, text: body } : { status, body };
    const error = await failureOf(clientAnswering(answer).api.get('/api/a'));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message, status, kind: 'status' });
  });

  it('keeps the server message, code and details beside the catalogue message', () => {
    const error = apiErrorFromStatus(422, {
      message: 'Invalid data provided',
      code: 'VALIDATION_FAILED',
      details: { weight: 'x' },
      fields: { weight: { code: 'INVALID_TYPE', params: { expected: 'number' } } },
    });
    expect(error).toMatchObject({
      serverMessage: 'Invalid data provided',
      code: 'VALIDATION_FAILED',
      details: { weight: 'x' },
      fields: { weight: { code: 'INVALID_TYPE', params: { expected: 'number' } } },
    });
    const full = apiErrorFromStatus(409, { message: 'Row 3 is full', code: 'ROW_FULL', params: { row: 3 } });
    expect(full).toMatchObject({ message: 'Row 3 is full', code: 'ROW_FULL', params: { row: 3 } });
    expect(apiErrorFromStatus(409, { message: 'x', params: 'row 3' }).params).toEqual({});
    expect(apiErrorFromStatus(401, { message: 'Invalid username or password' }).serverMessage).toBe(
      'Invalid username or password',
    );
    expect(apiErrorFromStatus(500, '  ').serverMessage).toBeNull();
  });

  it("reads a refusal's catalogue code and params, and no code the catalogue lacks", () => {
    const params = { zoneName: 'Cold store A', rowIndex: 0, capacity: 2 };
    const full = apiErrorFromStatus(409, {
      message: 'Row 1 of zone Cold store A is full (2 pallets)',
      code: 'ROW_FULL',
      params,
    });
    expect(full).toMatchObject({
      code: 'ROW_FULL',
      params,
      message: 'Row 1 of zone Cold store A is full (2 pallets)',
    });
    expect(hasErrorCode(full, 'ROW_FULL') && full.params.capacity).toBe(2);
    expect(hasErrorCode(full, 'ZONE_NOT_EMPTY')).toBe(false);
    const unknown = apiErrorFromStatus(409, { message: 'Something new', code: 'SOMETHING_NEW', params: 3 });
    expect(unknown).toMatchObject({ code: null, params: {}, fields: {}, message: 'Something new' });
  });

  it('reports no response when fetch fails', async () => {
    const error = await failureOf(clientAnswering('no-response').api.get('/api/a'));
    expect(error).toMatchObject({ kind: 'no-response', status: null, transient: true });
    expect(error.message).toBe('No response received from server. Please check your connection.');
  });

  it('reports anything else as an unknown error', async () => {
    const fetch = Object.assign(
      async () => ({ ok: true, status: 200, text: () => Promise.reject(new Error('x')) }) as never,
      {},
    );
    const error = await failureOf(createApiClient({ fetch, token: () => null }).get('/api/a'));
    expect(error).toMatchObject({ kind: 'unknown', message: 'Unknown error occurred' });
  });

  it('marks rate limits and server failures transient, refusals not', () => {
    expect([429, 500, 503, 401, 403, 422].map((status) => apiErrorFromStatus(status, {}).transient)).toEqual([
      true,
      true,
      true,
      false,
      false,
      false,
    ]);
    expect(apiErrorMessages.parsedSuccess).toBe('Operation completed successfully');
  });
});

describe('401 recovery in the client', () => {
  it('recovers once and retries the call with the new token', async () => {
    const fetch = createFakeFetch((request) =>
      request.headers.Authorization === 'Bearer fresh' ? { body: { ok: true } } : { status: 401, body: {} },
    );
    let recoveries = 0;
    const api = createApiClient({
      fetch,
      token: () => 'stale',
      recover: () => {
        recoveries += 1;
        return of('fresh');
      },
    });
    expect(await api.get('/api/orders')).toEqual({ ok: true });
    expect(recoveries).toBe(1);
    expect(fetch.calls.map((call) => call.headers.Authorization)).toEqual(['Bearer stale', 'Bearer fresh']);
  });

  it('gives the caller the 401 error when recovery fails', async () => {
    const fetch = createFakeFetch(() => ({ status: 401, body: {} }));
    const api = createApiClient({
      fetch,
      token: () => 'stale',
      recover: () => throwError(() => new Error('no')),
    });
    const error = await failureOf(api.get('/api/orders'));
    expect(error).toMatchObject({ status: 401, message: 'Session expired. Please login again.' });
    expect(fetch.calls).toHaveLength(1);
  });

  it('does not recover other errors', async () => {
    let recovered = false;
    const fetch = createFakeFetch(() => ({ status: 403, body: {} }));
    const recover = () =>
      new Observable<string>(() => {
        recovered = true;
      });
    const error = await failureOf(createApiClient({ fetch, token: () => 't', recover }).get('/api/a'));
    expect(error.status).toBe(403);
    expect(recovered).toBe(false);
  });
});
