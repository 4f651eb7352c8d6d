// The Learn page's sounds, made here from tones (no sound files, so nothing
// to license): a rising chime for a step done, a bright blip for a star
// collected, a low soft buzz for a move that was refused or missed. Off when
// the learner turns them off (kept in this browser).
const KEY = 'qi.sound';

export type Cue = 'done' | 'star' | 'wrong';

// Each cue: its notes as [frequency in Hz, start in s, length in s], and the wave.
const CUES: Record<Cue, { notes: [number, number, number][]; wave: OscillatorType; volume: number }> = {
  done: { notes: [[523.25, 0, 0.14], [659.25, 0.12, 0.14], [783.99, 0.24, 0.3]], wave: 'triangle', volume: 0.25 },
  star: { notes: [[880, 0, 0.12]], wave: 'sine', volume: 0.2 },
  wrong: { notes: [[196, 0, 0.16], [164.81, 0.14, 0.22]], wave: 'sawtooth', volume: 0.08 },
};

export class Sounds {
  private context: AudioContext | null = null;

  on(): boolean { return localStorage.getItem(KEY) !== 'off'; }
  setOn(on: boolean) { localStorage.setItem(KEY, on ? 'on' : 'off'); }

  play(cue: Cue) {
    if (!this.on() || typeof AudioContext === 'undefined') return;
    // Made on the first sound, which follows a click: browsers start audio only after one.
    const ctx = this.context ??= new AudioContext();
    const { notes, wave, volume } = CUES[cue];
    for (const [frequency, start, length] of notes) {
      const t0 = ctx.currentTime + start;
      const osc = ctx.createOscillator(), gain = ctx.createGain();
      osc.type = wave;
      osc.frequency.value = frequency;
      // A quick rise and a gentle fall, so that no note clicks.
      gain.gain.setValueAtTime(0, t0);
      gain.gain.linearRampToValueAtTime(volume, t0 + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.001, t0 + length);
      osc.connect(gain).connect(ctx.destination);
      osc.start(t0);
      osc.stop(t0 + length + 0.02);
    }
  }
}
