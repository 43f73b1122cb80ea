import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { locateJsonSyntaxError } from '../../src/cli/read-conversations.js';

const locate = (text: string): ReturnType<typeof locateJsonSyntaxError> => {
  try {
    JSON.parse(text);
  } catch (error) {
    return locateJsonSyntaxError(text, error);
  }
  throw new Error('expected a syntax error');
};

describe('locateJsonSyntaxError', () => {
  it('uses the position V8 gives', () => {
    expect(locate('{\n  "a": 1\n  "b": 2\n}')).toEqual({
      line: 3,
      column: 3,
      offset: 13,
      reason: "Expected ',' or '}' after property value",
    });
  });

  it('finds the position itself for "Unexpected token", which V8 gives without one', () => {
    expect(locate('[\n  1,\n  2,,\n]')).toEqual({
      line: 3,
      column: 5,
      offset: 11,
      reason: "Unexpected token ','",
    });
  });

  it('puts "Unexpected end of JSON input" at the end', () => {
    expect(locate('{"a": tru')).toEqual({
      line: 1,
      column: 10,
      offset: 9,
      reason: 'Unexpected end of JSON input',
    });
  });
});

test.prop([fc.json(), fc.nat(), fc.constantFrom(',', '}', ']', ':', 'x', '"')])(
  'never points before the damage: text before it is the start of valid JSON',
  (json, at, junk) => {
    const cut = at % (json.length + 1);
    const text = json.slice(0, cut) + junk + json.slice(cut);
    let offset: number | undefined;
    try {
      JSON.parse(text);
    } catch (error) {
      ({ offset } = locateJsonSyntaxError(text, error));
    }
    if (offset !== undefined) expect([offset >= cut, offset <= text.length]).toEqual([true, true]);
  },
);
