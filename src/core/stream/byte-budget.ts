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
 * Counts the UTF-8 bytes of text added over time against a maximum: at most 3 bytes per code unit,
 * so exact counting (of `soFar` once) starts only near the cap. Plain data, so views stay clonable.
 */
export class ByteBudget {
  private units = 0;
  private bytes = -1;

  constructor(readonly maximum: number) {}

  /** Adds `text` and returns 0 when it fits; else adds nothing and returns the bytes reached. */
  add(text: string, soFar: string | (() => number)): number {
    const units = this.units + text.length;
    if (units * 3 > this.maximum) {
      const bytes =
        (this.bytes >= 0 ? this.bytes : typeof soFar === 'string' ? utf8Length(soFar) : soFar()) +
        utf8Length(text);
      if (bytes > this.maximum) return bytes;
      this.bytes = bytes;
    }
    this.units = units;
    return 0;
  }
}
