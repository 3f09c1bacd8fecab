import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

/** nginx's binary (`NGINX_PATH`, else Debian's), if installed: `npm test` installs it when missing. */
export const nginxBinary = [process.env.NGINX_PATH, '/usr/sbin/nginx', '/usr/bin/nginx'].find(
  (p) => p && existsSync(p),
);

/** A port nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Runs nginx in the foreground with the repository's site file (deploy/nginx-warehouse.conf), its
 * upstream pointed at `upstreams` and listening on `port`; everything else as shipped.
 */
export async function startNginx(dir: string, port: number, upstreams: string[]): Promise<ChildProcess> {
  const site = readFileSync(join(root, 'deploy', 'nginx-warehouse.conf'), 'utf8')
    .replace(
      /^(\s*server 127\.0\.0\.1:\d+ .*\n)+/m,
      upstreams.map((u) => `    server ${u} max_fails=1 fail_timeout=5s;\n`).join(''),
    )
    .replace(/listen 80;/, `listen 127.0.0.1:${port};`);
  if (!upstreams.every((u) => site.includes(`server ${u} `)))
    throw new Error('deploy/nginx-warehouse.conf: no upstream lines to point');
  writeFileSync(join(dir, 'site.conf'), site);
  chmodSync(dir, 0o777); // nginx's workers (user nobody) write their temporary files here
  writeFileSync(
    join(dir, 'nginx.conf'),
    `worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi; uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi;
  include ${dir}/site.conf;
}
`,
  );
  const nginx = spawn(nginxBinary!, ['-p', dir, '-c', join(dir, 'nginx.conf'), '-g', 'daemon off;'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  nginx.stderr!.on('data', (chunk) => {
    errors += chunk;
  });
  const started = Date.now();
  for (;;) {
    const answered = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (res) => res.status,
      () => 0,
    );
    if (answered === 200) return nginx;
    if (nginx.exitCode !== null || Date.now() - started > 10_000)
      throw new Error(`nginx did not start: ${errors}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
