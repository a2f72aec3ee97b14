/** The start-up baseline (target 7): the same `npx tsx` start command running a bare HTTP server. */
import http from "node:http";

http.createServer((_req, res) => res.end("ok")).listen(Number(process.env.PORT), process.env.HOST ?? "127.0.0.1");
