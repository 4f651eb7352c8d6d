// The live connection (docs/app.md, "Live connection"): one WebSocket to
// /api/live brings the shown game's views as they change and carries the
// page's actions (a move, an undo, ...) to the same code as the HTTP API.
// When it drops, the page reconnects with a growing pause and watches again
// with the last version it saw, so it finds the game as it was. A server or
// a network that cannot open a WebSocket at all gets today's way: an event
// stream (Server-Sent Events) for the views and an HTTP POST for each action.
import { ApiError, GameView } from './api';
import { Words } from './server_words';

export type LiveView = GameView & { spectators?: number };
type OnView = (v: LiveView) => void;

// `held`: the last view the socket brought (whole, or a tail merged into the
// one before), as the server counts it: a tail goes on from it.
interface Watched { id: string; seen: number; token?: string; onView: OnView; held?: LiveView }
interface Waiting { resolve: (answer: { status: number; body: unknown }) => void; reject: (e: Error) => void; timer: number }

const FIRST_RETRY_MS = 500;
const MAX_RETRY_MS = 15000;
const REPLY_TIMEOUT_MS = 30000;
// Opens that fail before one ever succeeded: then the page stays with the
// event stream and HTTP (a proxy that does not pass WebSockets).
const GIVE_UP_AFTER = 2;

let socket: WebSocket | null = null;
let ready = false;
let everOpened = false;
let failedOpens = 0;
let retryMs = FIRST_RETRY_MS;
let retryTimer = 0;
let fallback = false;
let watched: Watched | null = null;
let events: EventSource | null = null;
let nextRef = 1;
const waiting = new Map<number, Waiting>();

function liveUrl(): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api/live`;
}

function send(frame: unknown): boolean {
  if (!socket || !ready) return false;
  socket.send(JSON.stringify(frame));
  return true;
}

function sendWatch(w: Watched) {
  w.held = undefined;  // the first view of a watch comes whole
  send({ op: 'watch', id: w.id, seen: w.seen, ...(w.token ? { token: w.token } : {}) });
}

function connect() {
  window.clearTimeout(retryTimer);
  let ws: WebSocket;
  try { ws = new WebSocket(liveUrl()); } catch { return useEvents(); }
  socket = ws;
  ws.onopen = () => {
    ready = true;
    everOpened = true;
    failedOpens = 0;
    retryMs = FIRST_RETRY_MS;
    stopEvents();
    if (watched) sendWatch(watched);
  };
  ws.onmessage = (e) => {
    let frame: { type?: string; id?: string; ref?: number; status?: number; body?: unknown; version?: number };
    try { frame = JSON.parse(String(e.data)); } catch { return; }
    if (frame.type === 'view' && watched && frame.id === watched.id) {
      const view = whole(watched, frame as unknown as LiveView & { from_ply?: number });
      if (!view) return;
      watched.held = view;
      watched.seen = Math.max(watched.seen, view.version);
      watched.onView(view);
    } else if (frame.type === 'reply' && typeof frame.ref === 'number') {
      const w = waiting.get(frame.ref);
      if (!w) return;
      waiting.delete(frame.ref);
      window.clearTimeout(w.timer);
      w.resolve({ status: frame.status ?? 500, body: heldFromReply(frame.status ?? 500, frame.body) });
    }
  };
  ws.onclose = () => {
    if (socket !== ws) return;
    socket = null;
    ready = false;
    // An action whose reply did not come may or may not have been done:
    // the view that the next watch brings tells.
    for (const [ref, w] of waiting) { window.clearTimeout(w.timer); w.reject(new ApiError('the connection was lost')); waiting.delete(ref); }
    if (!everOpened && ++failedOpens >= GIVE_UP_AFTER) return useEvents();
    // Meanwhile the event stream keeps the view current.
    if (everOpened) useEvents(false);
    retryTimer = window.setTimeout(connect, retryMs);
    retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
  };
}

// A view frame as the whole view: a tail ("from_ply": the plies before it are
// the ones the page holds) goes on from the view held. A tail that does not
// fit (it cannot happen while page and server count alike) asks for the view
// whole again.
function whole(w: Watched, frame: LiveView & { from_ply?: number }): LiveView | null {
  if (frame.from_ply === undefined) return frame;
  const from = frame.from_ply;
  const held = w.held;
  if (!held || held.moves.length !== from) {
    w.held = undefined;
    send({ op: 'unwatch', id: w.id });
    sendWatch(w);
    return null;
  }
  const rest: LiveView & { from_ply?: number } = { ...frame };
  delete rest.from_ply;
  return {
    ...rest,
    moves: held.moves.slice(0, from).concat(frame.moves),
    fens: held.fens.slice(0, from + 1).concat(frame.fens),
    boards: held.boards.slice(0, from + 1).concat(frame.boards),
  };
}

// An action's answer that is a newer view of the watched game is the view
// the socket holds now (the server does not send it again), and may come as
// its tail: the answer is then the whole view. (A tail that does not fit
// answers with the view held; the view comes whole with the watch again.)
function heldFromReply(status: number, body: unknown): unknown {
  const w = watched;
  const view = body as (Partial<LiveView> & { from_ply?: number }) | null;
  if (!w || !w.held || status !== 200 || !view || view.id !== w.id || typeof view.version !== 'number') return body;
  if (!Array.isArray(view.moves) || view.version <= w.held.version) return body;
  const before = w.held;
  const merged = whole(w, view as LiveView & { from_ply?: number });
  if (!merged) return before;
  w.held = merged;
  return merged;
}

// The event stream of the watched game (for good, or until the socket is back).
function useEvents(forGood = true) {
  if (forGood) fallback = true;
  stopEvents();
  if (!watched) return;
  const w = watched;
  const query = w.token ? `?token=${encodeURIComponent(w.token)}` : '';
  events = new EventSource(`/api/games/${w.id}/events${query}`);
  events.onmessage = (e) => {
    const v = JSON.parse(e.data) as LiveView;
    w.seen = Math.max(w.seen, v.version);
    w.onView(v);
  };
}

function stopEvents() {
  if (events) events.close();
  events = null;
}

// Follows game `id` (instead of the one followed before): its views go to
// `onView`. `token`: one of the page's seats in it (its presence counts;
// without one the page is a spectator).
export function follow(id: string, seen: number, token: string | undefined, onView: OnView) {
  if (watched && watched.id !== id) send({ op: 'unwatch', id: watched.id });
  watched = { id, seen, token, onView };
  if (fallback) return useEvents();
  if (events) useEvents(false);
  if (!socket) return connect();
  if (ready) sendWatch(watched);
}

// Whether the page is on its socket now (the server then sends the watched
// seat's presence itself).
export function onSocket(): boolean { return ready; }

// Follows no game (the shown one was removed).
export function unfollow() {
  if (watched) send({ op: 'unwatch', id: watched.id });
  watched = null;
  stopEvents();
}

// Does `action` on game `id` ("move", with its body as the HTTP route takes
// it): over the socket when it is open, else by HTTP. The answer's body, or
// an ApiError.
export async function act<T>(id: string, action: string, body: Record<string, unknown>): Promise<T> {
  const { status, body: answer } = ready ? await overSocket(id, action, body) : await overHttp(id, action, body);
  const seen = answers.get(action);
  answers.set(action, { count: (seen?.count ?? 0) + 1, status, body: answer });
  if (status < 400) return answer as T;
  const b = (answer ?? {}) as { error?: string; code?: unknown; words?: Words };
  throw new ApiError(b.error ?? `error ${status}`, typeof b.code === 'string' ? b.code : undefined, b.words);
}

interface Answer { status: number; body: unknown }

async function overHttp(id: string, action: string, body: Record<string, unknown>): Promise<Answer> {
  const res = await fetch(`/api/games/${id}/${action}`, {
    method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json().catch(() => ({ error: res.statusText })) };
}

function overSocket(id: string, action: string, body: Record<string, unknown>): Promise<Answer> {
  const ref = nextRef++;
  return new Promise<Answer>((resolve, reject) => {
    const timer = window.setTimeout(() => {
      waiting.delete(ref);
      reject(new ApiError('the server did not answer'));
    }, REPLY_TIMEOUT_MS);
    waiting.set(ref, { resolve, reject, timer });
    send({ op: 'act', ref, id, action, body });
  });
}

// The last answer to each action, and how many there were (for the tests).
const answers = new Map<string, { count: number; status: number; body: unknown }>();

// For the tests: how the page is connected, and a way to drop the socket
// (the page reconnects as after a network failure).
export const liveForTests = {
  state: () => (ready ? 'socket' : events ? 'events' : 'connecting'),
  drop: () => socket?.close(),
  answers: (action: string) => answers.get(action) ?? { count: 0, status: 0, body: null },
};
