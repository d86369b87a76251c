/**
 * The fanout baseline: the smallest useful broadcaster. Subscribers connect to `/sub?game=<id>`;
 * the bench connects to `/trigger` and sends `{ gameId, message }`; the server sends `message`,
 * unchanged, to every subscriber of that game. Runs as its own process (like the service) and
 * prints `listening <port>`; it exits when its parent closes stdin or sends SIGTERM.
 */
import { WebSocketServer, type WebSocket } from 'ws';
import { runAsFloorServer } from './floor-server.js';

const games = new Map<string, Set<WebSocket>>();
const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });

server.on('connection', (socket, req) => {
  const url = new URL(req.url ?? '/', 'http://localhost');
  if (url.pathname === '/sub') {
    const gameId = url.searchParams.get('game') ?? '';
    let subs = games.get(gameId);
    if (!subs) games.set(gameId, (subs = new Set()));
    const set = subs;
    set.add(socket);
    socket.on('close', () => set.delete(socket));
    return;
  }
  if (url.pathname === '/trigger') {
    socket.on('message', (data) => {
      const { gameId, message } = JSON.parse(data.toString()) as { gameId: string; message: string };
      for (const sub of games.get(gameId) ?? []) sub.send(message);
    });
    return;
  }
  socket.close(4404, 'unknown path');
});

runAsFloorServer(server, () => {
  for (const client of server.clients) client.terminate();
});
