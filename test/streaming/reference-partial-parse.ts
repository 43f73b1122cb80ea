/**
 * A deliberately simple, independent reference for the partial semantics documented on
 * `IncrementalJsonParser`: it re-parses the whole prefix from scratch with a recursive descent
 * (quadratic over a stream, which is fine for tests). It assumes `prefix` is a prefix of valid JSON.
 */

const NONE = Symbol('none');
interface Parsed {
  readonly value: unknown;
  readonly complete: boolean;
}

export function referencePartialParse(
  prefix: string,
  options: { readonly final?: boolean } = {},
): unknown {
  let position = 0;
  const final = options.final ?? false;

  const skipWhitespace = (): void => {
    while (position < prefix.length && ' \t\n\r'.includes(prefix.charAt(position))) position++;
  };

  const parseString = (): Parsed => {
    position++; // opening quote
    let result = '';
    while (position < prefix.length) {
      const char = prefix.charAt(position);
      if (char === '"') {
        position++;
        return { value: result, complete: true };
      }
      if (char === '\\') {
        const escape = prefix.slice(position, position + 2);
        if (escape.length < 2) break;
        if (escape === '\\u') {
          const hex = prefix.slice(position + 2, position + 6);
          if (hex.length < 4) break;
          result += String.fromCharCode(parseInt(hex, 16));
          position += 6;
          continue;
        }
        result += JSON.parse(`"${escape}"`) as string;
        position += 2;
        continue;
      }
      result += char;
      position++;
    }
    position = prefix.length;
    return { value: result, complete: false };
  };

  const parseValue = (depth: number): Parsed => {
    skipWhitespace();
    if (position >= prefix.length) return { value: NONE, complete: false };
    const char = prefix.charAt(position);
    if (char === '"') return parseString();
    if (char === '{') {
      position++;
      const object: Record<string, unknown> = {};
      for (;;) {
        skipWhitespace();
        if (position >= prefix.length) return { value: object, complete: false };
        if (prefix.charAt(position) === '}') {
          position++;
          return { value: object, complete: true };
        }
        if (prefix.charAt(position) === ',') {
          position++;
          skipWhitespace();
          if (position >= prefix.length) return { value: object, complete: false };
        }
        const key = parseString();
        if (!key.complete) return { value: object, complete: false };
        skipWhitespace();
        if (position >= prefix.length) return { value: object, complete: false };
        position++; // colon
        const member = parseValue(depth + 1);
        if (member.value !== NONE) {
          Object.defineProperty(object, key.value as string, {
            value: member.value,
            writable: true,
            enumerable: true,
            configurable: true,
          });
        }
        if (!member.complete) return { value: object, complete: false };
      }
    }
    if (char === '[') {
      position++;
      const array: unknown[] = [];
      for (;;) {
        skipWhitespace();
        if (position >= prefix.length) return { value: array, complete: false };
        if (prefix.charAt(position) === ']') {
          position++;
          return { value: array, complete: true };
        }
        if (prefix.charAt(position) === ',') position++;
        const element = parseValue(depth + 1);
        if (element.value !== NONE) array.push(element.value);
        if (!element.complete) return { value: array, complete: false };
      }
    }
    for (const [word, value] of [
      ['true', true],
      ['false', false],
      ['null', null],
    ] as const) {
      if (prefix.startsWith(word, position)) {
        position += word.length;
        return { value, complete: true };
      }
      if (word.startsWith(prefix.slice(position))) {
        position = prefix.length;
        return { value: NONE, complete: false };
      }
    }
    const match = /^-?[0-9.eE+-]*/.exec(prefix.slice(position));
    const text = match?.[0] ?? '';
    position += text.length;
    // A number is complete only if something follows it (or the whole text has ended at top level).
    if (position >= prefix.length && !(final && depth === 0))
      return { value: NONE, complete: false };
    return { value: Number(text), complete: true };
  };

  const parsed = parseValue(0);
  return parsed.value === NONE ? undefined : parsed.value;
}
