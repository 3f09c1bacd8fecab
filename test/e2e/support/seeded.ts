import { putCatalog, seedPeople } from './api';
import { type RunningServer, startServer } from './server';

/** A fresh server with the browser tests' people, and a tomato catalogue at its first location. */
export async function startSeededServer(): Promise<{
  server: RunningServer;
  adminToken: string;
  locationId: string;
}> {
  const server = await startServer();
  const { adminToken, locations } = await seedPeople(server.url);
  const locationId = locations[0].id;
  await putCatalog(server.url, adminToken, locationId);
  return { server, adminToken, locationId };
}
