import { randomBytes } from 'node:crypto';
import { ToolHistoryError } from '../errors/tool-history-error.js';

/**
 * Serializes messages the repair changed, carrying the numbers JSON.parse could not hold exactly
 * (`1234567890123456789`, `1e400`, `0.12345678901234567890`) as they were spelled in the source.
 *
 * A changed message is rebuilt from parsed values, where such a number is already a rounded
 * double; each one in the conversation's source is mapped back from its double to its spelling.
 * When two spellings share one double, which one a value came from cannot be told, and this
 * throws rather than guess.
 *
 * @throws {ToolHistoryError} `invalid-input` when a changed message holds an ambiguous number.
 */
export function createExactSerializer(
  tokens: readonly string[],
  where: string,
): (value: unknown, indent?: number) => string {
  const spellings = new Map<number, string>();
  const exact = new Set<number>();
  for (const token of tokens) {
    const value = Number(token);
    if (isExact(token, value)) exact.add(value);
    else {
      const known = spellings.get(value);
      if (known !== undefined && canonical(known) !== canonical(token))
        spellings.set(value, ambiguous(known, token));
      else spellings.set(value, token);
    }
  }
  for (const value of exact) {
    const known = spellings.get(value);
    if (known !== undefined) spellings.set(value, ambiguous(known, String(value)));
  }
  if (spellings.size === 0) return (value, indent) => JSON.stringify(value, null, indent);
  const marker = `@exact-${randomBytes(6).toString('hex')}-`;
  const texts: string[] = [];
  const replacer = (_key: string, value: unknown): unknown => {
    if (typeof value !== 'number') return value;
    const spelling = spellings.get(value);
    if (spelling === undefined) return value;
    if (spelling.startsWith(AMBIGUOUS))
      throw new ToolHistoryError(
        'invalid-input',
        `${where}: a repaired message holds the number ${spelling.slice(AMBIGUOUS.length)}, which JSON numbers in this program cannot tell apart; nothing was written`,
      );
    texts.push(spelling);
    return `${marker}${String(texts.length - 1)}`;
  };
  const placeholder = new RegExp(`"${marker}(\\d+)"`, 'g');
  return (value, indent) =>
    JSON.stringify(value, replacer, indent).replace(
      placeholder,
      (_match, index: string) => texts[Number(index)] ?? '',
    );
}

const AMBIGUOUS = '\u0000ambiguous:';
const ambiguous = (a: string, b: string): string =>
  a.startsWith(AMBIGUOUS) ? a : `${AMBIGUOUS}${a} (also spelled ${b})`;

/** True when writing `value` back (JSON.stringify) gives the same decimal as `token`. */
function isExact(token: string, value: number): boolean {
  return Number.isFinite(value) && canonical(token) === canonical(JSON.stringify(value));
}

/** A number's decimal value as `digits e exponent`, without sign of zero or redundant zeros. */
function canonical(token: string): string {
  const match = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/.exec(token);
  if (match === null) return token;
  const [, sign = '', whole = '', fraction = '', exponent = '0'] = match;
  const digits = `${whole}${fraction}`.replace(/^0+/, '');
  const trimmed = digits.replace(/0+$/, '');
  if (trimmed === '') return '0';
  const power = BigInt(exponent) - BigInt(fraction.length) + BigInt(digits.length - trimmed.length);
  return `${sign}${trimmed}e${power.toString()}`;
}
