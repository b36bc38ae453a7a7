// Why: the throughput ratio compares Guildhall with the cheapest possible way of
// answering the same request (fixed bytes from node:http), which factors out the
// machine's speed. This file fetches the exact bytes and starts that server.
import { fork } from "node:child_process";
import http from "node:http";
import path from "node:path";

export type RawResponse = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

/** One GET over node:http: no Accept-Encoding and no decoding, i.e. the bytes autocannon receives. */
export function fetchRaw(url: string, headers: Record<string, string>): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on("error", reject);
    });
    request.on("error", reject);
  });
}

export type StaticServer = { url: string; stop: () => Promise<void> };

export async function startStaticServer(body: Buffer, contentType: string): Promise<StaticServer> {
  const child = fork(path.join(__dirname, "static-server.ts"), [], {
    execArgv: ["--import", "tsx"],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill("SIGTERM");
    await exited;
  };
  try {
    const port = await new Promise<number>((resolve, reject) => {
      child.once("message", (message: { port: number }) => resolve(message.port));
      child.once("error", reject);
      child.once("exit", (code) => reject(new Error(`baseline server exited early (code ${code})`)));
      child.send({ body: body.toString("base64"), contentType });
    });
    return { url: `http://localhost:${port}/`, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
