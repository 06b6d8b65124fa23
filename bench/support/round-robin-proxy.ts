import { createServer, request as httpRequest, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

// A load balancer for the benchmarks: each request goes to the next live server in turn, so one
// claim's calls land on different servers. A server whose connection fails before it answers is
// taken out, and the request (kept whole in memory) goes to the next one, as a load balancer's
// retry on a dead upstream does. An answer that started is passed on as it is.

type RoundRobinProxy = {
  baseUrl: string;
  /** Requests sent again to another server after theirs failed to answer. */
  retried: () => number;
  close: () => Promise<void>;
};

type Upstream = { port: number; alive: boolean };

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks)));
    request.on("error", reject);
  });
}

export async function startRoundRobinProxy(ports: number[]): Promise<RoundRobinProxy> {
  const upstreams: Upstream[] = ports.map((port) => ({ port, alive: true }));
  let next = 0;
  let retried = 0;
  const pick = (): Upstream | undefined => {
    for (let tried = 0; tried < upstreams.length; tried++) {
      const upstream = upstreams[next++ % upstreams.length];
      if (upstream?.alive) return upstream;
    }
    return undefined;
  };

  const server = createServer(async (request, response) => {
    const body = await readBody(request);
    const headers = { ...request.headers, "content-length": String(body.length) };
    delete headers["transfer-encoding"];
    const forward = (attempt: number): void => {
      const upstream = pick();
      if (upstream === undefined || attempt > upstreams.length) {
        response.writeHead(502).end();
        return;
      }
      const outgoing = httpRequest(
        {
          host: "127.0.0.1",
          port: upstream.port,
          method: request.method,
          path: request.url,
          headers,
        },
        (answer) => {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
          answer.on("error", () => response.destroy());
        },
      );
      outgoing.on("error", () => {
        if (response.headersSent) {
          response.destroy();
          return;
        }
        upstream.alive = false;
        retried++;
        forward(attempt + 1);
      });
      outgoing.end(body);
    };
    forward(1);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    retried: () => retried,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
