/** UTF-8 length of `text`, without encoding it. */
export function utf8Length(text: string): number {
  let bytes = text.length;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    // Each surrogate half counts 2 more, so a pair counts 4 bytes, as UTF-8 encodes it.
    if (code >= 0x80) bytes += code < 0x800 || (code >= 0xd800 && code <= 0xdfff) ? 1 : 2;
  }
  return bytes;
}

/**
 * Counts the UTF-8 bytes of text added over time against a maximum, cheaply: UTF-8 needs at most
 * 3 bytes per UTF-16 code unit, so exact counting starts only once the code units get near the
 * cap, with `countSoFar` measuring what was added before then, once.
 */
export class ByteBudget {
  private units = 0;
  private bytes = -1;
  readonly maximum: number;
  private readonly countSoFar: () => number;

  constructor(maximum: number, countSoFar: () => number) {
    this.maximum = maximum;
    this.countSoFar = countSoFar;
  }

  /**
   * Adds `text` when it fits and returns 0; returns the bytes it would have reached, and adds
   * nothing, when it does not.
   */
  add(text: string): number {
    const units = this.units + text.length;
    if (units * 3 > this.maximum) {
      const bytes = (this.bytes < 0 ? this.countSoFar() : this.bytes) + utf8Length(text);
      if (bytes > this.maximum) return bytes;
      this.bytes = bytes;
    }
    this.units = units;
    return 0;
  }
}
