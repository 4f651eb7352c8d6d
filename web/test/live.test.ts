// The live connection's policy: when it gives up on the WebSocket, how long
// it waits before trying again, how an action's reply finds its caller, and
// how a view's tail goes on from the view held. A fake transport stands in
// for the browser's WebSocket, EventSource and fetch.
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { FIRST_RETRY_MS, LiveConnection, LiveTransport, LiveView, MAX_RETRY_MS } from '../src/live';

class FakeSocket {
  readonly sent: Record<string, unknown>[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  send(text: string) { this.sent.push(JSON.parse(text)); }
  close() { this.onclose?.(); }
  open() { this.onopen?.(); }
  bring(frame: unknown) { this.onmessage?.({ data: JSON.stringify(frame) }); }
}

class FakeEvents {
  closed = false;
  onmessage: ((e: { data: string }) => void) | null = null;
  constructor(readonly path: string) {}
  close() { this.closed = true; }
}

class FakeTransport implements LiveTransport {
  readonly sockets: FakeSocket[] = [];
  readonly streams: FakeEvents[] = [];
  readonly posts: { path: string; body: Record<string, unknown> }[] = [];
  socket() { const s = new FakeSocket(); this.sockets.push(s); return s as unknown as WebSocket; }
  events(path: string) { const e = new FakeEvents(path); this.streams.push(e); return e as unknown as EventSource; }
  async post(path: string, body: Record<string, unknown>) { this.posts.push({ path, body }); return { status: 200, body: { by: 'http' } }; }
  lastSocket(): FakeSocket { return this.sockets[this.sockets.length - 1]; }
  openStreams(): FakeEvents[] { return this.streams.filter((e) => !e.closed); }
}

// A view of game g1 after `plies` moves.
function view(plies: number, version = plies): LiveView {
  const moves = Array.from({ length: plies }, (_, i) => ({ id: `m${i}`, display: `m${i}`, squares: [] }));
  const positions = Array.from({ length: plies + 1 }, (_, i) => `p${i}`);
  return { id: 'g1', version, moves, fens: positions, boards: positions } as unknown as LiveView;
}

let transport: FakeTransport;
let live: LiveConnection;
let views: LiveView[];

beforeEach(() => {
  vi.useFakeTimers();
  transport = new FakeTransport();
  live = new LiveConnection(transport);
  views = [];
});
afterEach(() => { vi.useRealTimers(); });

const follow = (token?: string) => live.follow('g1', 3, token, (v) => views.push(v));

describe('connecting', () => {
  test('two connections are two sockets', () => {
    const other = new LiveConnection(transport);
    follow();
    other.follow('g2', 0, undefined, () => {});
    expect(transport.sockets).toHaveLength(2);
    transport.sockets[0].open();
    expect(live.forTests.state()).toBe('socket');
    expect(other.forTests.state()).toBe('connecting');
  });

  test('an open socket watches the game from the version seen, with the seat', () => {
    follow('tk');
    transport.lastSocket().open();
    expect(transport.lastSocket().sent).toEqual([{ op: 'watch', id: 'g1', seen: 3, token: 'tk' }]);
    expect(live.onSocket()).toBe(true);
  });

  test('a socket that never opens is tried twice, then the event stream serves for good', () => {
    follow('tk');
    transport.lastSocket().close();
    expect(live.forTests.state()).toBe('connecting');  // no stream before the socket ever worked
    vi.advanceTimersByTime(FIRST_RETRY_MS);
    expect(transport.sockets).toHaveLength(2);
    transport.lastSocket().close();
    expect(live.forTests.state()).toBe('events');
    expect(transport.openStreams().map((e) => e.path)).toEqual(['/api/games/g1/events?token=tk']);
    vi.advanceTimersByTime(10 * MAX_RETRY_MS);
    live.follow('g2', 0, undefined, () => {});
    expect(transport.sockets).toHaveLength(2);
    expect(transport.openStreams().map((e) => e.path)).toEqual(['/api/games/g2/events']);
  });

  test('a dropped socket is tried again after a pause that doubles up to its longest, with the stream meanwhile', () => {
    follow();
    transport.lastSocket().open();
    transport.lastSocket().close();
    expect(live.forTests.state()).toBe('events');
    const pauses: number[] = [];
    for (let tries = 0; tries < 7; ++tries) {
      const before = transport.sockets.length;
      let waited = 0;
      while (transport.sockets.length === before) { vi.advanceTimersByTime(100); waited += 100; }
      pauses.push(waited);
      if (tries < 6) transport.lastSocket().close();  // fails again
    }
    expect(pauses).toEqual([500, 1000, 2000, 4000, 8000, 15000, 15000]);
    // Back on the socket: the stream stops, the watch goes on from the version seen, and the pause starts over.
    transport.lastSocket().open();
    expect(live.forTests.state()).toBe('socket');
    expect(transport.openStreams()).toEqual([]);
    expect(transport.lastSocket().sent).toEqual([{ op: 'watch', id: 'g1', seen: 3 }]);
    transport.lastSocket().close();
    vi.advanceTimersByTime(FIRST_RETRY_MS);
    expect(transport.sockets).toHaveLength(9);
  });

  test('the event stream\'s views count as seen for the next watch', () => {
    follow();
    transport.lastSocket().open();
    transport.lastSocket().close();
    transport.openStreams()[0].onmessage?.({ data: JSON.stringify(view(2, 7)) });
    expect(views.map((v) => v.version)).toEqual([7]);
    vi.advanceTimersByTime(FIRST_RETRY_MS);
    transport.lastSocket().open();
    expect(transport.lastSocket().sent).toEqual([{ op: 'watch', id: 'g1', seen: 7 }]);
  });
});

describe('actions', () => {
  test('over the socket, the reply of the same ref answers', async () => {
    follow();
    const socket = transport.lastSocket();
    socket.open();
    const first = live.act('g1', 'move', { token: 't', move: 'a' });
    const second = live.act('g1', 'hint', { token: 't' });
    expect(socket.sent.slice(1)).toEqual([
      { op: 'act', ref: 1, id: 'g1', action: 'move', body: { token: 't', move: 'a' } },
      { op: 'act', ref: 2, id: 'g1', action: 'hint', body: { token: 't' } },
    ]);
    socket.bring({ type: 'reply', ref: 2, status: 200, body: { hint: true } });
    socket.bring({ type: 'reply', ref: 1, status: 409, body: { error: 'not your turn', code: 'turn' } });
    await expect(second).resolves.toEqual({ hint: true });
    await expect(first).rejects.toMatchObject({ message: 'not your turn', code: 'turn' });
    expect(live.forTests.answers('move')).toMatchObject({ count: 1, status: 409 });
  });

  test('an action waiting when the socket drops fails; without a socket it goes by HTTP', async () => {
    follow();
    transport.lastSocket().open();
    const lost = live.act('g1', 'move', { token: 't' });
    transport.lastSocket().close();
    await expect(lost).rejects.toThrow('the connection was lost');
    await expect(live.act('g1', 'move', { token: 't' })).resolves.toEqual({ by: 'http' });
    expect(transport.posts).toEqual([{ path: '/api/games/g1/move', body: { token: 't' } }]);
  });

  test('an action the server never answers fails after a while', async () => {
    follow();
    transport.lastSocket().open();
    const unanswered = live.act('g1', 'move', {});
    vi.advanceTimersByTime(30000);
    await expect(unanswered).rejects.toThrow('the server did not answer');
  });
});

describe('views', () => {
  test('a tail goes on from the view held; one that does not fit asks for the whole view again', () => {
    follow();
    const socket = transport.lastSocket();
    socket.open();
    socket.bring({ type: 'view', ...view(2) });
    const tail = view(3);
    socket.bring({ type: 'view', ...tail, from_ply: 2, moves: tail.moves.slice(2), fens: ['p3'], boards: ['p3'] });
    expect(views.map((v) => v.moves.length)).toEqual([2, 3]);
    expect(views[1].fens).toEqual(['p0', 'p1', 'p2', 'p3']);
    expect('from_ply' in views[1]).toBe(false);
    socket.bring({ type: 'view', ...view(9), from_ply: 8, moves: [], fens: [], boards: [] });
    expect(views).toHaveLength(2);
    expect(socket.sent.slice(-2)).toEqual([{ op: 'unwatch', id: 'g1' }, { op: 'watch', id: 'g1', seen: 3 }]);
  });

  test('views of another game than the one followed are not shown', () => {
    follow();
    transport.lastSocket().open();
    transport.lastSocket().bring({ type: 'view', ...view(1), id: 'g2' });
    transport.lastSocket().bring({ type: 'view', ...view(1) });
    expect(views.map((v) => v.id)).toEqual(['g1']);
  });
});
