import { StreamAccumulationError } from '../errors/stream-accumulation-error.js';

/**
 * How a response body separates events: Server-Sent Events (`data:` lines, blank line between
 * events; OpenAI, Anthropic, Gemini with `alt=sse`) or JSON lines (one JSON value per line; Ollama).
 */
export type StreamFraming = 'sse' | 'json-lines';

/**
 * Splits decoded text into event payloads, whatever the chunk boundaries: lines may end with LF,
 * CRLF or CR (even with the CR and LF in different chunks); an SSE event's `data:` lines are joined
 * with LF and dispatched at the blank line; comments and other fields are skipped.
 */
export class EventStreamDecoder {
  private pending = '';
  private data: string[] = [];
  private dataLength = 0;
  private skipLineFeed = false;
  private readonly framing: StreamFraming;
  private readonly maxLineLength: number;

  constructor(framing: StreamFraming, maxLineLength: number) {
    this.framing = framing;
    this.maxLineLength = maxLineLength;
  }

  /** Consumes decoded text; calls `emit` with each complete payload, in order. */
  push(text: string, emit: (payload: string) => void): void {
    let start = 0;
    if (this.skipLineFeed && text.charCodeAt(0) === 10) start = 1;
    this.skipLineFeed = false;
    for (let i = start; i < text.length; i++) {
      const code = text.charCodeAt(i);
      if (code !== 10 && code !== 13) continue;
      const line = this.pending === '' ? text.slice(start, i) : this.pending + text.slice(start, i);
      this.pending = '';
      if (code === 13) {
        if (i + 1 === text.length) this.skipLineFeed = true;
        else if (text.charCodeAt(i + 1) === 10) i++;
      }
      start = i + 1;
      this.line(line, emit);
    }
    if (start < text.length) {
      this.pending += text.slice(start);
      this.checkLength(this.pending.length);
    }
  }

  /** Ends the input: a last line without a newline, or an event without its blank line, still counts. */
  end(emit: (payload: string) => void): void {
    if (this.pending !== '') {
      const line = this.pending;
      this.pending = '';
      this.line(line, emit);
    }
    this.dispatch(emit);
  }

  private line(text: string, emit: (payload: string) => void): void {
    // A byte order mark belongs at the start of the body only (TextDecoder drops that one), but
    // bodies glued from several responses carry one mid-stream: the line after it is kept.
    const line = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
    if (this.framing === 'json-lines') {
      if (line.trim() !== '') emit(line);
      return;
    }
    if (line === '') {
      this.dispatch(emit);
      return;
    }
    if (!line.startsWith('data:')) return; // comments (":"), event:, id:, retry:
    const value = line.charCodeAt(5) === 32 ? line.slice(6) : line.slice(5);
    this.data.push(value);
    this.dataLength += value.length + 1;
    this.checkLength(this.dataLength);
  }

  private dispatch(emit: (payload: string) => void): void {
    if (this.data.length === 0) return;
    const payload = this.data.join('\n');
    this.data = [];
    this.dataLength = 0;
    emit(payload);
  }

  private checkLength(length: number): void {
    if (length <= this.maxLineLength) return;
    throw new StreamAccumulationError(
      {
        code: 'stream-limit',
        limit: 'line-length',
        attempted: length,
        maximum: this.maxLineLength,
      },
      `One event of the response body reached ${length} characters without ending, over the line-length limit of ${this.maxLineLength}. Check the framing ('sse' or 'json-lines'), or raise limits.maxLineLength.`,
    );
  }
}
