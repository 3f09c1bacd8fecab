import { rmSync } from 'node:fs';
import { fakePrinterPorts } from '../../server/fake-printer';
import { migratedDataDir } from '../../server/support/database';
import { type ServerProcess, startServerProcess } from '../../server/support/process';

/** The admin password the test server is started with. */
export const adminPassword = 'e2e-admin-password';

/**
 * The real server as `npm start` runs it (the bundled build), as its own process on a fresh data
 * dir (and `extraEnv`); it can be stopped and started again on its port.
 */
export type RunningServer = {
  url: string;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Kills the process at once (SIGKILL), as a crash or a pulled plug would. */
  kill(): Promise<void>;
  dispose(): Promise<void>;
};

export async function startServer(extraEnv: Record<string, string> = {}): Promise<RunningServer> {
  const dataDir = await migratedDataDir();
  const env = {
    DATA_DIR: dataDir,
    ADMIN_PASSWORD: adminPassword,
    LOG_LEVEL: 'info',
    PRINTER_PORTS: fakePrinterPorts,
    ...extraEnv,
  };
  let running: ServerProcess | null = await startServerProcess(env);
  const url = running.url;
  const port = new URL(url).port;
  const end = async (signal: 'SIGTERM' | 'SIGKILL') => {
    const current = running;
    running = null;
    if (!current) return;
    current.process.kill(signal);
    await current.exited;
  };
  const stop = () => end('SIGTERM');
  return {
    url,
    stop,
    kill: () => end('SIGKILL'),
    start: async () => {
      running = await startServerProcess({ ...env, PORT: port });
    },
    dispose: async () => {
      await stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
