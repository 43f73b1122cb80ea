import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { escapeControl, jsonText, terminalLine } from '../../src/cli/write-output.js';

/* eslint-disable no-control-regex -- looking for control characters is the point */
const CONTROL =
  /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
/* eslint-enable no-control-regex */

describe('escapeControl', () => {
  it('writes an OSC title sequence, a line break and a bidi override as escapes', () => {
    expect(escapeControl('x\u001b]0;OWNED\u0007\nnext\u202eevil\u009b')).toBe(
      'x\\u001b]0;OWNED\\u0007\\u000anext\\u202eevil\\u009b',
    );
  });

  it('leaves printable text, non-ASCII letters and emoji alone', () => {
    expect(escapeControl('call_1 — météo 東京 🌧')).toBe('call_1 — météo 東京 🌧');
  });

  test.prop([fc.string({ unit: 'binary' })])('leaves no control character', (text) => {
    expect(CONTROL.test(escapeControl(text))).toBe(false);
  });
});

describe('terminalLine', () => {
  test.prop([fc.string({ unit: 'binary' })])('is exactly one line', (text) => {
    expect(terminalLine(text).split('\n')).toEqual([escapeControl(text), '']);
  });
});

describe('jsonText', () => {
  test.prop([fc.jsonValue(), fc.constantFrom(undefined, 2)])(
    'is the same JSON value, with no raw control character but the indentation',
    (value, indent) => {
      const text = jsonText(value, indent);
      // Compared with JSON's own round trip: JSON has no -0, so fc.jsonValue()'s -0 reads back as 0.
      expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(value)));
      expect(CONTROL.test(text.replace(/\n/g, ''))).toBe(false);
    },
  );

  test.prop([fc.string({ unit: 'binary' })])('keeps strings exact', (text) => {
    expect(JSON.parse(jsonText({ id: text }))).toEqual({ id: text });
  });
});
