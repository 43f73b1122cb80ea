// Ids, names, provider messages (which quote ids) and JSON parse errors (which quote the input)
// come from the history, which may come from anyone: printed raw, `\u001b]0;…\u0007` retitles a
// terminal, `\u001b[2J` clears it, a bidi override hides text, and a line break forges a report
// line. Every character that can do that is printed as an escape instead.

/* eslint-disable no-control-regex -- matching control characters is the point */
/** C0 (line breaks and tabs too: one report stays one line), DEL, C1, bidi controls, LS and PS. */
const CONTROL =
  /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
/** The same without C0, which JSON.stringify already escapes (and whose pretty-printing uses `\n`). */
const JSON_UNSAFE = /[\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
/* eslint-enable no-control-regex */

const escape = (character: string): string =>
  `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`;

/** `text` with every control character written as `\uXXXX`, safe to print on a terminal. */
export function escapeControl(text: string): string {
  return text.replace(CONTROL, escape);
}

/** One line of terminal output: `text` escaped (see {@link escapeControl}) plus a line break. */
export function terminalLine(text: string): string {
  return `${escapeControl(text)}\n`;
}

/**
 * `JSON.stringify(value, null, indent)` with DEL, C1 and bidi controls inside strings written as
 * `\uXXXX` too: the same JSON value, safe to print on a terminal.
 */
export function jsonText(value: unknown, indent?: number): string {
  const text = JSON.stringify(value, null, indent) as string | undefined;
  return escapeJsonUnsafe(text ?? 'null');
}

/**
 * JSON text with DEL, C1 and bidi controls written as `\uXXXX`: the same JSON value (those
 * characters can only occur inside strings), safe to print on a terminal.
 */
export function escapeJsonUnsafe(json: string): string {
  return json.replace(JSON_UNSAFE, escape);
}
