// Records a location's live SSE stream into a trace for the timing lab (one JSON line per message:
// t = ms since the recording started, event, id, data).
//   npm run timing:record -- --url http://127.0.0.1:8080 --location <id> [--token <access token>]
//     [--seconds 60] [--out trace.jsonl]
// The token may come from LIVE_TOKEN instead, which keeps it out of npm's echo of the command line.
import { createWriteStream } from 'node:fs';
import { parseArgs } from 'node:util';
import { EventSource } from 'eventsource';

const { values } = parseArgs({
  options: {
    url: { type: 'string', default: 'http://127.0.0.1:8080' },
    location: { type: 'string' },
    token: { type: 'string', default: process.env.LIVE_TOKEN },
    seconds: { type: 'string', default: '60' },
    out: { type: 'string', default: 'trace.jsonl' },
  },
});
if (!values.location || !values.token) {
  console.error(
    'usage: npm run timing:record -- --url http://127.0.0.1:8080 --location <id> --token <jwt> [--seconds 60] [--out trace.jsonl]',
  );
  process.exit(2);
}
const seconds = Number(values.seconds);
const url = `${values.url}/api/sse/location/${encodeURIComponent(values.location)}?token=${encodeURIComponent(values.token)}`;
const out = createWriteStream(values.out);
const started = performance.now();
let recorded = 0;

const source = new EventSource(url);
const record = (event: string) => (message: MessageEvent) => {
  let data: unknown = message.data;
  try {
    data = JSON.parse(message.data);
  } catch {
    // raw text is recorded as it came, as the app passes it on
  }
  const line = { t: Math.round(performance.now() - started), event, id: message.lastEventId || null, data };
  out.write(`${JSON.stringify(line)}\n`);
  recorded++;
};
for (const event of ['connected', 'update', 'heartbeat', 'reset'])
  source.addEventListener(event, record(event));
source.onmessage = record('message');
source.onerror = (error) =>
  console.error(`stream error: ${error.message ?? 'unknown'} (the recorder keeps trying)`);
source.onopen = () =>
  console.log(`recording ${url.replace(/token=[^&]+/, 'token=…')} for ${seconds} s into ${values.out}`);

setTimeout(() => {
  source.close();
  out.end(() => console.log(`recorded ${recorded} messages into ${values.out}`));
}, seconds * 1_000);
