// A fake Docker Engine API on loopback: the boundary below testcontainers (dockerode speaks HTTP to
// DOCKER_HOST=tcp://127.0.0.1:PORT). It answers the calls testcontainers makes to pull, create,
// start, inspect, read the logs of, stop and remove a container, and logs every call.
//
// It has a bridge network (GET /networks), so specgate publishes the container's port.
//
// "Running" a container of a reference image starts a real reference server (startServer) on a
// loopback port, with the credentials the container's environment carries (SPECGATE_TOKEN,
// SPECGATE_EMAIL, SPECGATE_KEY, as the image's `specgate serve` reads them), and publishes the
// exposed port as that server's port, so the HTTP wait strategy and the run reach a real server.
// Other behaviours are chosen by image name (see ImageBehaviour).

import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createTcpServer, type Server as TcpServer } from 'node:net';
import { startServer, type RunningServer } from '../../reference-impl/zone-api/server.js';

export interface EngineCall {
  method: string;
  /** Path without the API version prefix, e.g. /containers/create. */
  path: string;
  query: Record<string, string>;
  body?: unknown;
  status: number;
  /** Which TCP connection it came on (1, 2, ... in the order the engine accepted them). */
  connection: number;
}

/** A request the reference server behind a container received (to see the wait strategy poll). */
export interface ServedRequest { method: string; url: string; status: number; authenticated: boolean }

export type ImageBehaviour =
  /** Pulled on demand; runs a reference server with the container's credentials. */
  | 'reference'
  /** The registry does not have it: the pull answers 404. */
  | 'missing'
  /** testcontainers' reaper: logs "Started", its port 8080 reaches a TCP server recording its filters. */
  | 'ryuk';

interface FakeContainer {
  id: string;
  name: string;
  image: string;
  behaviour: ImageBehaviour;
  create: Record<string, unknown>;
  running: boolean;
  hostPort: number | undefined;
  server?: RunningServer;
  logLines: string[];
}

export class FakeDockerEngine {
  readonly calls: EngineCall[] = [];
  readonly served: ServedRequest[] = [];
  /** Lines a client wrote to the reaper's socket (label filters of sessions). */
  readonly reaperLines: string[] = [];
  readonly containers = new Map<string, FakeContainer>();
  private readonly images = new Set<string>();
  private readonly behaviours: Record<string, ImageBehaviour>;
  private server: Server | undefined;
  private reaperSocket: TcpServer | undefined;
  private nextId = 1;
  private readonly connectionIds = new WeakMap<object, number>();
  private connectionCount = 0;

  constructor(behaviours: Record<string, ImageBehaviour>, options: { localImages?: string[] } = {}) {
    this.behaviours = behaviours;
    for (const image of options.localImages ?? []) this.images.add(image);
  }

  get url(): string {
    const address = this.server?.address();
    if (!address || typeof address === 'string') throw new Error('fake engine not listening');
    return `tcp://127.0.0.1:${address.port}`;
  }

  async start(): Promise<void> {
    this.reaperSocket = createTcpServer((socket) => {
      socket.setEncoding('utf8');
      socket.on('data', (data: string) => { this.reaperLines.push(...data.split(/\r?\n/).filter(Boolean)); socket.write('ACK\n'); });
      socket.on('error', () => {});
    });
    await new Promise<void>((resolve) => this.reaperSocket!.listen(0, '127.0.0.1', resolve));
    this.server = createServer((req, res) => { void this.handle(req, res); });
    // As dockerd (Go's net/http, no idle timeout), an idle connection stays open until the client
    // closes it. Node's default (5 s) closed connections a loaded client was about to reuse.
    this.server.keepAliveTimeout = 0;
    this.server.on('connection', (socket) => { this.connectionIds.set(socket, ++this.connectionCount); });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
  }

  async close(): Promise<void> {
    for (const container of this.containers.values()) await container.server?.close();
    this.server?.closeAllConnections();
    await new Promise((resolve) => this.server?.close(resolve) ?? resolve(undefined));
    await new Promise((resolve) => this.reaperSocket?.close(resolve) ?? resolve(undefined));
  }

  /** Calls of one kind, e.g. callsTo('POST', /^\/containers\/create$/). */
  callsTo(method: string, path: RegExp): EngineCall[] {
    return this.calls.filter((call) => call.method === method && path.test(call.path));
  }

  indexOf(method: string, path: RegExp): number {
    return this.calls.findIndex((call) => call.method === method && path.test(call.path));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://engine');
    const path = url.pathname.replace(/^\/v\d+\.\d+/, '');
    const raw = await readBody(req);
    let body: unknown;
    try { body = raw === '' ? undefined : JSON.parse(raw); } catch { body = raw; }
    const call: EngineCall = { method: req.method ?? 'GET', path, query: Object.fromEntries(url.searchParams), ...(body !== undefined && { body }), status: 0, connection: this.connectionIds.get(req.socket) ?? 0 };
    this.calls.push(call);
    const reply = (status: number, payload?: unknown) => {
      call.status = status;
      if (payload === undefined) { res.writeHead(status).end(); return; }
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(payload));
    };
    try {
      await this.route(call, url, req, res, reply);
    } catch (error) {
      reply(500, { message: `fake engine: ${(error as Error).message}` });
    }
  }

  private async route(call: EngineCall, url: URL, _req: IncomingMessage, res: ServerResponse, reply: (status: number, payload?: unknown) => void): Promise<void> {
    const { method, path } = call;
    if (method === 'GET' && (path === '/_ping' || path === '/info' || path === '/version')) {
      if (path === '/_ping') { call.status = 200; res.writeHead(200, { 'content-type': 'text/plain' }).end('OK'); return; }
      return reply(200, path === '/info'
        ? { ServerVersion: '28.0.0-fake', OperatingSystem: 'Fake Engine', OSType: 'linux', Architecture: 'x86_64', NCPU: 2, MemTotal: 2 ** 31, IndexServerAddress: 'https://index.docker.io/v1/', Labels: [] }
        : { Version: '28.0.0-fake', ApiVersion: '1.47' });
    }
    if (method === 'GET' && path === '/containers/json') return reply(200, []);
    if (method === 'GET' && path === '/networks') {
      return reply(200, [{ Name: 'bridge', Id: 'fake-bridge', Driver: 'bridge' }, { Name: 'host', Id: 'fake-host', Driver: 'host' }, { Name: 'none', Id: 'fake-none', Driver: 'null' }]);
    }

    let match = /^\/images\/(.+)\/json$/.exec(path);
    if (method === 'GET' && match) {
      const image = decodeURIComponent(match[1]!);
      return this.images.has(normalizeImage(image)) ? reply(200, { Id: `sha256:${image}`, RepoTags: [image] }) : reply(404, { message: `No such image: ${image}` });
    }
    if (method === 'POST' && path === '/images/create') {
      const image = normalizeImage(`${url.searchParams.get('fromImage')}:${url.searchParams.get('tag') ?? 'latest'}`);
      if (this.behaviourOf(image) === 'missing') return reply(404, { message: `pull access denied for ${url.searchParams.get('fromImage')}, repository does not exist or may require 'docker login'` });
      this.images.add(image);
      call.status = 200;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(`${JSON.stringify({ status: `Pulling from ${image}` })}\n${JSON.stringify({ status: `Downloaded newer image for ${image}` })}\n`);
      return;
    }
    if (method === 'POST' && path === '/containers/create') {
      const create = (call.body ?? {}) as Record<string, unknown>;
      const image = normalizeImage(String(create.Image));
      if (!this.images.has(image)) return reply(404, { message: `No such image: ${create.Image}` });
      const id = `fake${String(this.nextId++).padStart(8, '0')}${'0'.repeat(52)}`;
      this.containers.set(id, { id, name: url.searchParams.get('name') || `/fake_${this.nextId}`, image, behaviour: this.behaviourOf(image), create, running: false, hostPort: undefined, logLines: [] });
      return reply(201, { Id: id, Warnings: [] });
    }

    match = /^\/containers\/([^/]+)(\/[a-z]+)?$/.exec(path);
    const container = match ? this.containers.get(match[1]!) : undefined;
    if (match && !container) return reply(404, { message: `No such container: ${match[1]}` });
    if (!container) return reply(404, { message: `page not found: ${method} ${path}` });
    const action = match![2] ?? '';

    if (method === 'POST' && action === '/start') {
      await this.run(container);
      return reply(204);
    }
    if (method === 'GET' && action === '/json') return reply(200, this.inspect(container));
    if (method === 'GET' && action === '/logs') {
      call.status = 200;
      res.writeHead(200, { 'content-type': 'application/vnd.docker.multiplexed-stream' });
      for (const line of container.logLines) res.write(frame(`${line}\n`));
      res.end();
      return;
    }
    if (method === 'POST' && action === '/stop') {
      if (!container.running) return reply(304);
      container.running = false;
      await container.server?.close();
      container.server = undefined;
      return reply(204);
    }
    if (method === 'DELETE' && action === '') {
      if (container.running) return reply(409, { message: 'cannot remove a running container: stop it first' });
      this.containers.delete(container.id);
      return reply(204);
    }
    return reply(404, { message: `page not found: ${method} ${path}` });
  }

  private behaviourOf(image: string): ImageBehaviour {
    return this.behaviours[image] ?? this.behaviours[image.replace(/:latest$/, '')] ?? 'reference';
  }

  private async run(container: FakeContainer): Promise<void> {
    container.running = true;
    if (container.behaviour === 'reference') {
      const env = Object.fromEntries(((container.create.Env as string[] | undefined) ?? []).map((entry) => [entry.slice(0, entry.indexOf('=')), entry.slice(entry.indexOf('=') + 1)]));
      const credentials = { ...(env.SPECGATE_TOKEN && { token: env.SPECGATE_TOKEN }), ...(env.SPECGATE_EMAIL && env.SPECGATE_KEY && { email: env.SPECGATE_EMAIL, key: env.SPECGATE_KEY }) };
      container.server = await startServer({
        testMode: true,
        ...(Object.keys(credentials).length > 0 && { credentials }),
        customize: ({ app }) => {
          // onResponse: an unauthenticated request is refused by an earlier onRequest hook.
          app.addHook('onResponse', async (request, reply) => {
            this.served.push({ method: request.method, url: request.url, status: reply.statusCode, authenticated: Boolean(request.headers.authorization || request.headers['x-auth-key']) });
          });
        },
      });
      container.hostPort = Number(new URL(container.server.baseUrl).port);
      container.logLines = ['specgate reference zone API listening', `  base URL:    ${container.server.baseUrl}`];
    } else if (container.behaviour === 'ryuk') {
      container.hostPort = (this.reaperSocket!.address() as { port: number }).port;
      container.logLines = ['Started!'];
    }
  }

  private inspect(container: FakeContainer): Record<string, unknown> {
    const exposed = Object.keys((container.create.ExposedPorts as Record<string, unknown> | undefined) ?? {});
    const ports = container.running
      ? Object.fromEntries(exposed.map((port) => [port, [{ HostIp: '0.0.0.0', HostPort: String(container.hostPort) }]]))
      : {};
    const status = container.running ? 'running' : 'created';
    return {
      Id: container.id,
      Name: container.name.startsWith('/') ? container.name : `/${container.name}`,
      Image: `sha256:${container.image}`,
      Config: { Hostname: container.id.slice(0, 12), Image: container.image, Env: container.create.Env ?? [], Labels: container.create.Labels ?? {}, ExposedPorts: container.create.ExposedPorts ?? {} },
      HostConfig: (container.create.HostConfig as Record<string, unknown> | undefined) ?? {},
      State: { Status: status, Running: container.running, ExitCode: 0, StartedAt: new Date().toISOString(), FinishedAt: '0001-01-01T00:00:00Z' },
      NetworkSettings: { Ports: ports, Networks: { bridge: { NetworkID: 'fake-bridge', IPAddress: '172.17.0.2' } } },
    };
  }
}

/** docker.io/library/x:tag and x:tag are the same image; no tag means latest. */
function normalizeImage(image: string): string {
  let name = image.replace(/^docker\.io\//, '').replace(/^library\//, '');
  if (!/:[^/]+$/.test(name)) name += ':latest';
  return name;
}

/** One frame of Docker's multiplexed log stream: stdout, 3 zero bytes, big-endian length. */
function frame(text: string): Buffer {
  const payload = Buffer.from(text);
  const header = Buffer.alloc(8);
  header[0] = 1;
  header.writeUInt32BE(payload.length, 4);
  return Buffer.concat([header, payload]);
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => { data += chunk; });
    req.on('end', () => resolve(data));
    req.on('error', reject);
  });
}

export async function freePort(): Promise<number> {
  const server = createTcpServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}
