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
type Timer = ReturnType<typeof setTimeout>;
interface Waiting { resolve: (answer: Answer) => void; reject: (e: Error) => void; timer: Timer }
interface Answer { status: number; body: unknown }

export const FIRST_RETRY_MS = 500;
export const MAX_RETRY_MS = 15000;
const REPLY_TIMEOUT_MS = 30000;
// Opens that fail before one ever succeeded: then the page stays with the
// event stream and HTTP (a proxy that does not pass WebSockets).
const GIVE_UP_AFTER = 2;

// What the connection opens: the browser's WebSocket, EventSource and fetch,
// unless a test gives its own.
export interface LiveTransport {
  socket(): WebSocket;  // may throw: no WebSocket here
  events(path: string): EventSource;
  post(path: string, body: Record<string, unknown>): Promise<Answer>;
}

export function browserTransport(): LiveTransport {
  return {
    socket: () => new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api/live`),
    events: (path) => new EventSource(path),
    async post(path, body) {
      const res = await fetch(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
      return { status: res.status, body: await res.json().catch(() => ({ error: res.statusText })) };
    },
  };
}

// The page's one connection, made by main.ts; the game page follows its game
// and acts through it.
export class LiveConnection {
  private socket: WebSocket | null = null;
  private ready = false;
  private everOpened = false;
  private failedOpens = 0;
  private retryMs = FIRST_RETRY_MS;
  private retryTimer: Timer | undefined;
  private fallback = false;  // for good: the socket never opened
  private watched: Watched | null = null;
  private events: EventSource | null = null;
  private nextRef = 1;
  private readonly waiting = new Map<number, Waiting>();
  // The last answer to each action, and how many there were (for the tests).
  private readonly answers = new Map<string, { count: number; status: number; body: unknown }>();

  constructor(private readonly transport: LiveTransport = browserTransport()) {}

  // Follows game `id` (instead of the one followed before): its views go to
  // `onView`. `token`: one of the page's seats in it (its presence counts;
  // without one the page is a spectator).
  follow(id: string, seen: number, token: string | undefined, onView: OnView) {
    if (this.watched && this.watched.id !== id) this.send({ op: 'unwatch', id: this.watched.id });
    this.watched = { id, seen, token, onView };
    if (this.fallback) return this.useEvents();
    if (this.events) this.useEvents(false);
    if (!this.socket) return this.connect();
    if (this.ready) this.sendWatch(this.watched);
  }

  // Whether the page is on its socket now (the server then sends the watched
  // seat's presence itself).
  onSocket(): boolean { return this.ready; }

  // Follows no game (the shown one was removed).
  unfollow() {
    if (this.watched) this.send({ op: 'unwatch', id: this.watched.id });
    this.watched = null;
    this.stopEvents();
  }

  // Does `action` on game `id` ("move", with its body as the HTTP route takes
  // it): over the socket when it is open, else by HTTP. The answer's body, or
  // an ApiError.
  async act<T>(id: string, action: string, body: Record<string, unknown>): Promise<T> {
    const { status, body: answer } = this.ready ? await this.overSocket(id, action, body)
      : await this.transport.post(`/api/games/${id}/${action}`, body);
    const seen = this.answers.get(action);
    this.answers.set(action, { count: (seen?.count ?? 0) + 1, status, body: answer });
    if (status < 400) return answer as T;
    const b = (answer ?? {}) as { error?: string; code?: unknown; words?: Words };
    throw new ApiError(b.error ?? `error ${status}`, typeof b.code === 'string' ? b.code : undefined, b.words);
  }

  // For the tests: how the page is connected, a way to drop the socket (the
  // page reconnects as after a network failure), and the answers to its actions.
  readonly forTests = {
    state: (): 'socket' | 'events' | 'connecting' => (this.ready ? 'socket' : this.events ? 'events' : 'connecting'),
    drop: () => this.socket?.close(),
    answers: (action: string) => this.answers.get(action) ?? { count: 0, status: 0, body: null },
  };

  private send(frame: unknown): boolean {
    if (!this.socket || !this.ready) return false;
    this.socket.send(JSON.stringify(frame));
    return true;
  }

  private sendWatch(w: Watched) {
    w.held = undefined;  // the first view of a watch comes whole
    this.send({ op: 'watch', id: w.id, seen: w.seen, ...(w.token ? { token: w.token } : {}) });
  }

  private connect() {
    clearTimeout(this.retryTimer);
    let ws: WebSocket;
    try { ws = this.transport.socket(); } catch { return this.useEvents(); }
    this.socket = ws;
    ws.onopen = () => {
      this.ready = true;
      this.everOpened = true;
      this.failedOpens = 0;
      this.retryMs = FIRST_RETRY_MS;
      this.stopEvents();
      if (this.watched) this.sendWatch(this.watched);
    };
    ws.onmessage = (e) => this.receive(e.data);
    ws.onclose = () => {
      if (this.socket !== ws) return;
      this.socket = null;
      this.ready = false;
      // An action whose reply did not come may or may not have been done:
      // the view that the next watch brings tells.
      for (const [ref, w] of this.waiting) { clearTimeout(w.timer); w.reject(new ApiError('the connection was lost')); this.waiting.delete(ref); }
      if (!this.everOpened && ++this.failedOpens >= GIVE_UP_AFTER) return this.useEvents();
      // Meanwhile the event stream keeps the view current.
      if (this.everOpened) this.useEvents(false);
      this.retryTimer = setTimeout(() => this.connect(), this.retryMs);
      this.retryMs = Math.min(this.retryMs * 2, MAX_RETRY_MS);
    };
  }

  private receive(data: unknown) {
    let frame: { type?: string; id?: string; ref?: number; status?: number; body?: unknown; version?: number };
    try { frame = JSON.parse(String(data)); } catch { return; }
    const watched = this.watched;
    if (frame.type === 'view' && watched && frame.id === watched.id) {
      const view = this.whole(watched, frame as unknown as LiveView & { from_ply?: number });
      if (!view) return;
      watched.held = view;
      watched.seen = Math.max(watched.seen, view.version);
      watched.onView(view);
    } else if (frame.type === 'reply' && typeof frame.ref === 'number') {
      const w = this.waiting.get(frame.ref);
      if (!w) return;
      this.waiting.delete(frame.ref);
      clearTimeout(w.timer);
      w.resolve({ status: frame.status ?? 500, body: this.heldFromReply(frame.status ?? 500, frame.body) });
    }
  }

  // A view frame as the whole view: a tail ("from_ply": the plies before it are
  // the ones the page holds) goes on from the view held. A tail that does not
  // fit (it cannot happen while page and server count alike) asks for the view
  // whole again.
  private whole(w: Watched, frame: LiveView & { from_ply?: number }): LiveView | null {
    if (frame.from_ply === undefined) return frame;
    const from = frame.from_ply;
    const held = w.held;
    if (!held || held.moves.length !== from) {
      w.held = undefined;
      this.send({ op: 'unwatch', id: w.id });
      this.sendWatch(w);
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
  private heldFromReply(status: number, body: unknown): unknown {
    const w = this.watched;
    const view = body as (Partial<LiveView> & { from_ply?: number }) | null;
    if (!w || !w.held || status !== 200 || !view || view.id !== w.id || typeof view.version !== 'number') return body;
    if (!Array.isArray(view.moves) || view.version <= w.held.version) return body;
    const before = w.held;
    const merged = this.whole(w, view as LiveView & { from_ply?: number });
    if (!merged) return before;
    w.held = merged;
    return merged;
  }

  // The event stream of the watched game (for good, or until the socket is back).
  private useEvents(forGood = true) {
    if (forGood) this.fallback = true;
    this.stopEvents();
    if (!this.watched) return;
    const w = this.watched;
    const query = w.token ? `?token=${encodeURIComponent(w.token)}` : '';
    const events = this.transport.events(`/api/games/${w.id}/events${query}`);
    this.events = events;
    events.onmessage = (e) => {
      const v = JSON.parse(e.data) as LiveView;
      w.seen = Math.max(w.seen, v.version);
      w.onView(v);
    };
  }

  private stopEvents() {
    if (this.events) this.events.close();
    this.events = null;
  }

  private overSocket(id: string, action: string, body: Record<string, unknown>): Promise<Answer> {
    const ref = this.nextRef++;
    return new Promise<Answer>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(ref);
        reject(new ApiError('the server did not answer'));
      }, REPLY_TIMEOUT_MS);
      this.waiting.set(ref, { resolve, reject, timer });
      this.send({ op: 'act', ref, id, action, body });
    });
  }
}
