import { closeSync, constants, openSync, writeSync } from 'node:fs';

/** The marker's start: an OSC no terminal acts on; its body is a sequence number, and BEL ends it. */
const MARK_START = '\x1b]7717;';
const MARK_END = '\x07';
/** No marker is longer than this (start, up to 16 digits, end). */
const MAX_MARK_LENGTH = 32;
/** A marker not back after this long is taken as lost (it comes back within a millisecond or so). */
const MARK_LOST_MS = 1000;

/**
 * Proof that everything a program wrote to its terminal has reached us, whatever else it wrote to. Once the
 * program is found waiting, a marker is written to the terminal's slave side behind its last write: bytes
 * written to one terminal reach the master in the order they were written, so when the marker arrives every
 * byte the program wrote before it has arrived too. (Counting bytes cannot tell this alone: /proc counts the
 * bytes a program writes to its own event descriptors and pipes as well, and the terminal adds a CR to every LF.)
 *
 * The marker never reaches the screen, the transcript or anyone watching: `strip` takes it out of the output.
 * A marker only proves something while the program has written nothing since it was placed: `placedAt`
 * records the program's count of written bytes then, and the caller compares.
 */
export class FrameMarker {
  private seq = 0;
  /** The marker placed last: its number, the program's written-bytes count then, and whether it came back. */
  private last: { seq: number; written: number; at: number; arrived: boolean } | null = null;
  /** Markers written and not yet seen in the output. */
  private outstanding = 0;
  /** The end of the last chunk, held back while it may be the start of a marker split across chunks. */
  private held = '';

  /** `tty`: the terminal's slave device (null while not known: no marker can be placed). */
  constructor(private readonly tty: () => string | null) {}

  /**
   * 'arrived' when a marker placed while the program had written `written` bytes has come back and the program
   * has written nothing since. Otherwise places a new marker when none is on its way (or the program wrote since
   * the last one) and answers 'on-its-way': asked again a moment later, it can tell. 'unknown' when no marker
   * can be placed (no terminal known, the terminal refuses a write, a count unreadable) or one has not come
   * back within a second.
   */
  state(written: number): 'arrived' | 'on-its-way' | 'unknown' {
    if (Number.isNaN(written)) return 'unknown';
    const last = this.last;
    if (last && last.written === written) {
      if (last.arrived) return 'arrived';
      if (Date.now() - last.at < MARK_LOST_MS) return 'on-its-way';
    }
    return this.place(written) ? 'on-its-way' : 'unknown';
  }

  /** Forgets the marker placed last (a new input starts a new count). */
  reset(): void {
    this.last = null;
  }

  /** The chunk without the markers in it (a marker split over two chunks is put together first). */
  strip(chunk: string): string {
    if (this.outstanding === 0 && !this.held) return chunk;
    let text = this.held + chunk;
    this.held = '';
    let out = '';
    for (;;) {
      const start = text.indexOf(MARK_START);
      if (start < 0) break;
      const end = text.indexOf(MARK_END, start + MARK_START.length);
      if (end < 0 && text.length - start <= MAX_MARK_LENGTH) {
        // The rest of the marker is still to come.
        this.held = text.slice(start);
        text = text.slice(0, start);
        break;
      }
      if (end < 0 || end - start > MAX_MARK_LENGTH) {
        // Not one of ours (or one cut short): passed on as it came.
        out += text.slice(0, start + MARK_START.length);
        text = text.slice(start + MARK_START.length);
        continue;
      }
      const seq = Number(text.slice(start + MARK_START.length, end));
      out += text.slice(0, start);
      text = text.slice(end + MARK_END.length);
      this.arrived(seq);
    }
    // A chunk ending in what may be the first bytes of a marker keeps them until the next chunk tells.
    if (!this.held && this.outstanding > 0) {
      for (let n = Math.min(MARK_START.length - 1, text.length); n > 0; n--) {
        if (MARK_START.startsWith(text.slice(-n))) {
          this.held = text.slice(-n);
          text = text.slice(0, -n);
          break;
        }
      }
    }
    return out + text;
  }

  private arrived(seq: number): void {
    this.outstanding = Math.max(0, this.outstanding - 1);
    if (this.last?.seq === seq) this.last.arrived = true;
  }

  /** Writes a marker behind what the program wrote so far; false when it could not be written whole. */
  private place(written: number): boolean {
    const tty = this.tty();
    if (!tty) return false;
    const seq = ++this.seq;
    let fd: number | null = null;
    try {
      // Non-blocking: a terminal stopped by flow control (^S) or a full buffer must not hang us; then no proof.
      fd = openSync(tty, constants.O_WRONLY | constants.O_NOCTTY | constants.O_NONBLOCK);
      const bytes = Buffer.from(`${MARK_START}${seq}${MARK_END}`);
      const sent = writeSync(fd, bytes);
      if (sent > 0) this.outstanding++; // a marker cut short is passed on as output (see strip)
      if (sent !== bytes.length) return false;
      this.last = { seq, written, at: Date.now(), arrived: false };
      return true;
    } catch {
      return false; // the terminal is gone or refuses: no proof this way
    } finally {
      if (fd !== null) closeSync(fd);
    }
  }
}
