import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { elementSpans, locateMessages, numberTokens } from '../../src/cli/source-text.js';

describe('elementSpans', () => {
  it('skips brackets, commas and escaped quotes inside strings', () => {
    const text = '[ "a\\"]," , {"b": ["]", {"c": "\\\\"}]} ,1e400,-0.0 ,[] ]';
    expect(elementSpans(text, 0).map(({ start, end }) => text.slice(start, end))).toEqual([
      '"a\\"],"',
      '{"b": ["]", {"c": "\\\\"}]}',
      '1e400',
      '-0.0',
      '[]',
    ]);
  });

  test.prop([fc.array(fc.jsonValue()), fc.constantFrom(undefined, 1, 2, '\t')])(
    'cuts any JSON array into texts that parse to its elements',
    (values, indent) => {
      const text = JSON.stringify(values, null, indent);
      const texts = elementSpans(text, 0).map(({ start, end }) => text.slice(start, end));
      expect(texts.map((piece) => JSON.parse(piece) as unknown)).toEqual(
        JSON.parse(text) as unknown[],
      );
    },
  );
});

describe('locateMessages', () => {
  it('finds the last member of the key, as JSON.parse keeps the last', () => {
    const text = '{"messages": [1], "x": "\\"messages\\"", "messages" : [ 2 , 3 ] }';
    const document = { text };
    const located = locateMessages({ kind: 'value', document, index: undefined }, 'messages');
    expect({
      array: text.slice(located.array.start, located.array.end),
      messages: located.messages.map(({ start, end }) => text.slice(start, end)),
    }).toEqual({ array: '[ 2 , 3 ]', messages: ['2', '3'] });
  });

  it('finds the messages of the n-th conversation of a root array', () => {
    const text = '[ [{"a":1}] , {"input": [{"b":2}]} ]';
    const document = { text };
    const located = locateMessages({ kind: 'value', document, index: 1 }, 'input');
    expect(text.slice(located.array.start, located.array.end)).toEqual('[{"b":2}]');
  });
});

describe('numberTokens', () => {
  it('lists the numbers outside strings, as spelled', () => {
    const text = '{"a": 1.0, "b": "2", "c": [-3e+2, 12345678901234567890], "d\\"4": 0}';
    expect(numberTokens(text, { start: 0, end: text.length })).toEqual([
      '1.0',
      '-3e+2',
      '12345678901234567890',
      '0',
    ]);
  });
});
