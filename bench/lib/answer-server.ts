/**
 * The transport's floor for a view: the smallest HTTP server that answers a GraphQL request with a
 * view's bytes. It reads each request's body whole, as any server must, and answers every request
 * with the bytes of the file named by its first argument, as `application/json` with a length, on
 * keep-alive connections: the HTTP parsing, the socket reads and the write of those bytes, which any
 * service answering that view pays, and nothing else. Runs as its own process
 * (`floor-process.ts`) and prints `listening <port>`.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { runAsFloorServer } from './floor-server.js';

const body = readFileSync(process.argv[2] ?? '');
const headers = { 'content-type': 'application/json; charset=utf-8', 'content-length': String(body.length) };

const server = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    res.writeHead(200, headers);
    res.end(body);
  });
});

runAsFloorServer(server, () => server.closeAllConnections());
server.listen(0, '127.0.0.1');
