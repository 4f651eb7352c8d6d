// Which game a pasted record or position is: the server asks every game it
// knows (POST /api/records/identify: their tags, their FEN readers, and how
// far each one's move reader plays the record) and says which, how sure it
// is and why. The page only asks, and keeps the newest answer: a paste or
// an edit asks again after a short pause.
import { ApiError, call } from './api';
import type { Words } from './server_words';

// The variant "as the record says": the dialog sends none, and the server
// tells it from the record (a draughts record without GameType: its squares
// and moves), saying what it assumed where the record leaves a choice.
export const FROM_RECORD = '?record';

export interface RecordReading { game: string; variant: string; plies: number; whole: boolean }
export interface Identity {
  game: string | null;  // null: several games read it alike (see `readings`)
  variant: string | null;
  format: string;  // PGN, PDN, FEN
  by: 'tags' | 'position' | 'moves' | 'none';
  sure: boolean;
  plies: number;
  why: Words;
  assumed?: string;  // what the game assumed to choose the variant
  variants?: string[];  // the game's variants that read it as well as `variant`
  readings: RecordReading[];  // every game that read something of it, furthest first
}
// An identification: the answer, or the server's refusal (no game reads it).
export type Identified = { identity: Identity } | { error: ApiError };

// Asks the server which game a text is (the request, unless a test gives its own).
export type AskIdentity = (text: string) => Promise<Identity>;

// The dialog's questions: only the newest one is answered, older answers are dropped.
export class RecordIdentifier {
  private asked = 0;  // the newest question

  constructor(private readonly ask: AskIdentity = (text) => call<Identity>('POST', '/api/records/identify', { record: text })) {}

  // Asks for `text` after `pauseMs`; null when a newer question came meanwhile.
  async identify(text: string, pauseMs = 250): Promise<Identified | null> {
    const question = ++this.asked;
    await new Promise((resolve) => setTimeout(resolve, pauseMs));
    if (question !== this.asked) return null;
    let answer: Identified;
    try {
      answer = { identity: await this.ask(text) };
    } catch (e) {
      answer = { error: e instanceof ApiError ? e : new ApiError(String(e)) };
    }
    return question === this.asked ? answer : null;
  }

  // Stops waiting for an answer (the box was emptied).
  forget() { ++this.asked; }
}

// The game to choose on a tie: the one chosen already when it is among the
// games reading the record furthest, else the first of them.
export function gameOnTie(id: Identity, current: string): string | null {
  const best = id.readings[0];
  if (!best) return null;
  const tied = id.readings.filter((r) => r.plies === best.plies && r.whole === best.whole);
  return (tied.find((r) => r.game === current) ?? tied[0]).game;
}
