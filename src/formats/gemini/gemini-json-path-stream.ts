// Turns values set at JSON paths (Vertex AI's `partialArgs`) into JSON text for the same parser,
// view, limits and events. Pieces must come in document order; going back is refused.

/** A segment of a path: a member name or an array index. */
export type JsonPathSegment = string | number;

/** One value set at a path. */
export interface JsonPathPiece {
  readonly path: readonly JsonPathSegment[];
  /** `string`: `text` is (a part of) a string's characters; otherwise `text` is JSON. */
  readonly kind: 'string' | 'json';
  readonly text: string;
  /** For a string: more of it follows in the next piece for the same path. */
  readonly continues: boolean;
}

interface Frame {
  readonly array: boolean;
  count: number;
  /** An object's member names, to refuse a member written twice. */
  readonly keys: Set<string> | undefined;
}

// `.name`, `[0]`, `['name']` or `["name"]`; a quoted name's escapes are read by `unescapeName`.
const SEGMENT = /\.([^.[]+)|\[(0|[1-9]\d*)\]|\[(['"])((?:\\[^]|(?!\3)[^\\])*)\3\]/y;

/** A quoted name's text: JSON's escapes, plus `\'`; `undefined` for an invalid escape. */
function unescapeName(raw: string): string | undefined {
  // eslint-disable-next-line no-control-regex -- a raw control character is escaped for JSON.parse
  const json = raw.replace(/\\[^]|["\u0000-\u001f]/g, (text) =>
    text === "\\'" ? "'" : text.length === 2 ? text : JSON.stringify(text).slice(1, -1),
  );
  try {
    return JSON.parse(`"${json}"`) as string;
  } catch {
    return undefined;
  }
}

/** Parses a path such as `$.a[0]` or `$['a b']`; `undefined` for wildcards, filters, slices. */
export function parseJsonPath(path: string): JsonPathSegment[] | undefined {
  if (!path.startsWith('$')) return undefined;
  const segments: JsonPathSegment[] = [];
  SEGMENT.lastIndex = 1;
  while (SEGMENT.lastIndex < path.length) {
    const [, name, index, , quoted] = SEGMENT.exec(path) ?? [];
    const segment =
      name !== undefined
        ? name === '*'
          ? undefined
          : name
        : index !== undefined
          ? Number(index)
          : quoted === undefined
            ? undefined
            : unescapeName(quoted);
    if (segment === undefined || (typeof segment === 'number' && !Number.isSafeInteger(segment)))
      return undefined;
    segments.push(segment);
  }
  return segments;
}

function samePath(a: readonly JsonPathSegment[], b: readonly JsonPathSegment[]): boolean {
  if (a.length !== b.length) return false;
  for (let at = 0; at < a.length; at++) if (a[at] !== b[at]) return false;
  return true;
}

function showPath(path: readonly JsonPathSegment[], length: number): string {
  let shown = '$';
  for (const segment of path.slice(0, length))
    shown += typeof segment === 'number' ? `[${segment}]` : `.${segment}`;
  return shown;
}

/** Writes path pieces as JSON text, one object (the arguments) at the root. */
export class JsonPathTextWriter {
  private readonly frames: Frame[] = [];
  /** `openPath[i]` leads from `frames[i]` to `frames[i + 1]`. */
  private readonly openPath: JsonPathSegment[] = [];
  /** The path of the string being streamed, while its closing quote has not been written. */
  private openString: readonly JsonPathSegment[] | undefined = undefined;

  /** Runs `run`; when it throws, the writer is put back as it was before. */
  transaction<T>(run: () => T): T {
    const frames = [...this.frames];
    const counts = frames.map((frame) => frame.count);
    const sizes = frames.map((frame) => frame.keys?.size ?? 0);
    const openPath = [...this.openPath];
    const openString = this.openString;
    try {
      return run();
    } catch (error) {
      // Frames opened by `run` are dropped; those it changed get their counts and keys back.
      frames.forEach((frame, at) => {
        frame.count = counts[at] ?? 0;
        for (const key of [...(frame.keys ?? [])].slice(sizes[at])) frame.keys?.delete(key);
      });
      this.frames.splice(0, Infinity, ...frames);
      this.openPath.splice(0, Infinity, ...openPath);
      this.openString = openString;
      throw error;
    }
  }

  /** Returns the text for one piece, or why it cannot be written (nothing is changed then). */
  write(piece: JsonPathPiece): string | { readonly problem: string } {
    const { path } = piece;
    if (path.length === 0 || typeof path[0] !== 'string')
      return { problem: 'the arguments must be a JSON object: a path must start with a member' };
    let text = '';
    const open = this.openString;
    if (open !== undefined) {
      if (piece.kind === 'string' && samePath(open, path)) return this.stringText(piece, '');
      text = '"';
    }
    const depth = path.length - 1;
    let common = 0;
    while (
      common < depth &&
      common < this.openPath.length &&
      this.openPath[common] === path[common]
    )
      common++;
    if (this.frames.length > 0) {
      const problem = this.refusal(path, common);
      if (problem !== undefined) return { problem };
    }
    this.openString = undefined;
    if (this.frames.length === 0) {
      this.pushFrame(false, undefined);
      text += '{';
    }
    while (this.frames.length > common + 1) text += this.popFrame();
    for (let at = common; at < path.length; at++) {
      const segment = path[at];
      if (segment === undefined) break;
      text += this.addEntry(segment);
      if (at < depth) {
        const array = typeof path[at + 1] === 'number';
        this.pushFrame(array, segment);
        text += array ? '[' : '{';
      }
    }
    if (piece.kind === 'json') return text + piece.text;
    return this.stringText(piece, `${text}"`);
  }

  /** The text that closes everything still open (`''` when nothing was written). */
  end(): string {
    let text = '';
    if (this.openString !== undefined) text += '"';
    this.openString = undefined;
    while (this.frames.length > 0) text += this.popFrame();
    return text;
  }

  private stringText(piece: JsonPathPiece, prefix: string): string {
    const quoted = JSON.stringify(piece.text);
    const body = quoted.slice(1, -1);
    if (piece.continues) {
      this.openString ??= piece.path;
      return prefix + body;
    }
    this.openString = undefined;
    return `${prefix + body}"`;
  }

  /** Why the entry at `path[common]` cannot be added to the open container at `common`. */
  private refusal(path: readonly JsonPathSegment[], common: number): string | undefined {
    const frame = this.frames[common];
    const segment = path[common];
    const where = showPath(path, common);
    if (frame === undefined) return `${showPath(path, path.length)} goes back into ${where}`;
    if (frame.array !== (typeof segment === 'number'))
      return `${showPath(path, path.length)} uses ${where} as ${frame.array ? 'an object' : 'an array'}, but it is ${frame.array ? 'an array' : 'an object'}`;
    if (typeof segment === 'number' ? segment < frame.count : frame.keys?.has(segment ?? ''))
      return `${showPath(path, path.length)} goes back to ${showPath(path, common + 1)}, which was already written (pieces must come in document order)`;
    return undefined;
  }

  private addEntry(segment: JsonPathSegment): string {
    const frame = this.frames.at(-1);
    if (frame === undefined) return '';
    const count = frame.count;
    let text = '';
    if (typeof segment === 'number') {
      // A gap in the indexes: JSON has no holes, so the elements skipped are null.
      for (let at = count; at <= segment; at++) {
        if (at > 0) text += ',';
        if (at < segment) text += 'null';
      }
      frame.count = segment + 1;
    } else {
      text = `${count > 0 ? ',' : ''}${JSON.stringify(segment)}:`;
      frame.count = count + 1;
      frame.keys?.add(segment);
    }
    return text;
  }

  private pushFrame(array: boolean, segment: JsonPathSegment | undefined): void {
    const frame: Frame = { array, count: 0, keys: array ? undefined : new Set() };
    this.frames.push(frame);
    if (segment !== undefined) this.openPath.push(segment);
  }

  private popFrame(): string {
    const frame = this.frames.pop();
    if (frame === undefined) return '';
    if (this.frames.length > 0) this.openPath.pop();
    return frame.array ? ']' : '}';
  }
}
