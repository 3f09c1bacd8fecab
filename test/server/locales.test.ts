import { describe, expect, it } from 'vitest';
import { call, createPallet, setupWarehouse, testCatalog } from './warehouse-fixtures';

// Dutch and English (issue 29): a user's own language, kept with the user so their devices agree,
// and a location's label language, which its network labels print in.
const { server, w } = setupWarehouse();

const validate = (headers: { authorization: string }) =>
  server.app
    .inject({ method: 'GET', url: '/api/auth/validate', headers })
    .then((res) => res.json().data.user);

describe("a user's language", () => {
  it('is null until chosen, in every user object: sign-in, validation, the lists and the dialog', async () => {
    const ann = await server.createUser({ locations: [w.locationId] });
    const login = await call(server, undefined, 'POST', '/api/auth/login', {
      username: ann.username,
      password: ann.password,
    });
    expect(login.body.user.locale).toBeNull();
    expect((await validate(ann.headers)).locale).toBeNull();
    const list = await call(server, w.admin, 'GET', '/api/users');
    expect(list.body.data.find((u: { id: string }) => u.id === ann.id).locale).toBeNull();
    expect((await call(server, w.admin, 'GET', `/api/users/${ann.id}`)).body.data.locale).toBeNull();
  });

  it("PATCH /api/auth/me sets one's own, and the user's other devices read it at their next validation", async () => {
    const ann = await server.createUser({ locations: [w.locationId] });
    const phone = { authorization: `Bearer ${await server.tokenFor(ann.id)}` };
    expect((await validate(phone)).locale).toBeNull();
    const set = await call(server, ann, 'PATCH', '/api/auth/me', { locale: 'nl' });
    expect(set).toMatchObject({ status: 200, body: { data: { user: { id: ann.id, locale: 'nl' } } } });
    expect((await validate(phone)).locale).toBe('nl');
    expect(
      (await call(server, ann, 'PATCH', '/api/auth/me', { locale: null })).body.data.user.locale,
    ).toBeNull();
    expect((await validate(phone)).locale).toBeNull();
  });

  it('may be chosen before the first password, and only as en, nl or null', async () => {
    const fresh = await server.createUser({ firstLogin: true, locations: [w.locationId] });
    expect((await call(server, fresh, 'PATCH', '/api/auth/me', { locale: 'en' })).body.data.user.locale).toBe(
      'en',
    );
    const german = await call(server, fresh, 'PATCH', '/api/auth/me', { locale: 'de' });
    expect(german).toMatchObject({
      status: 422,
      body: { fields: { locale: { code: 'INVALID_VALUE', params: { values: ['en', 'nl'] } } } },
    });
    expect((await call(server, fresh, 'PATCH', '/api/auth/me', { username: 'x' })).status).toBe(422);
    expect((await call(server, undefined, 'PATCH', '/api/auth/me', { locale: 'nl' })).status).toBe(401);
  });

  it('is set by whoever manages the user, in the user dialog', async () => {
    const made = await call(server, w.admin, 'POST', '/api/users', {
      username: `piet-${crypto.randomUUID().slice(0, 6)}`,
      password: 'password1',
      locale: 'nl',
    });
    expect(made).toMatchObject({ status: 201, body: { data: { locale: 'nl' } } });
    const changed = await call(server, w.admin, 'PATCH', `/api/users/${made.body.data.id}`, { locale: 'en' });
    expect(changed).toMatchObject({ status: 200, body: { data: { locale: 'en' } } });
  });
});

describe("a location's label language", () => {
  const settings = (id: string) => call(server, w.admin, 'GET', `/api/locations/${id}/settings`);

  it('is English unless the new location asks for Dutch, and can be changed beside the GS1 prefix', async () => {
    const plain = await call(server, w.admin, 'POST', '/api/locations', {
      name: `Delft ${crypto.randomUUID()}`,
    });
    expect((await settings(plain.body.data.id)).body).toEqual({
      locationId: plain.body.data.id,
      gs1CompanyPrefix: null,
      labelLocale: 'en',
    });
    const dutch = await call(server, w.admin, 'POST', '/api/locations', {
      name: `Maasland ${crypto.randomUUID()}`,
      labelLocale: 'nl',
    });
    const id = dutch.body.data.id;
    expect((await settings(id)).body.labelLocale).toBe('nl');

    await call(server, w.admin, 'PATCH', `/api/locations/${id}/settings`, { gs1CompanyPrefix: '8712345' });
    const changed = await call(server, w.admin, 'PATCH', `/api/locations/${id}/settings`, {
      labelLocale: 'en',
    });
    expect(changed.body).toEqual({ locationId: id, gs1CompanyPrefix: '8712345', labelLocale: 'en' });
    expect((await settings(id)).body).toEqual(changed.body);
    expect((await call(server, w.admin, 'PATCH', `/api/locations/${id}/settings`, {})).status).toBe(422);
    expect(
      (await call(server, w.admin, 'PATCH', `/api/locations/${id}/settings`, { labelLocale: 'fr' })).status,
    ).toBe(422);
  });

  it("prints the label's fixed words and decimal comma in the location's language", async () => {
    const zplIn = async (labelLocale: 'en' | 'nl') => {
      const made = await call(server, w.admin, 'POST', '/api/locations', {
        name: `Site ${crypto.randomUUID()}`,
        labelLocale,
      });
      await call(server, w.admin, 'PUT', '/api/catalog', { locationId: made.body.data.id, ...testCatalog });
      const pallet = await createPallet(server, w.admin, made.body.data.id, { weight: 612.5 });
      const res = await server.app.inject({
        method: 'GET',
        url: `/api/pallets/${pallet.id}/label.zpl`,
        headers: w.admin.headers,
      });
      return res.body;
    };
    const dutch = await zplIn('nl');
    expect(dutch).toContain('Doos: ');
    expect(dutch).toContain('Datum: ');
    expect(dutch).toContain('612,50 kg');
    expect(dutch).not.toContain('Box: ');
    const english = await zplIn('en');
    expect(english).toContain('Box: ');
    expect(english).toContain('Date: ');
    expect(english).toContain('612.50 kg');
    expect(english).not.toContain('Doos: ');
  });
});
