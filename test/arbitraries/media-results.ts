import { fc } from '@fast-check/vitest';
import {
  contentOfParts,
  type HistoryMessage,
  type MediaPart,
  type ResultPart,
  type ToolHistory,
} from '../../src/core/history.js';

// Result pieces (text, JSON, images, documents) in the shapes one format holds without loss, and
// histories whose results carry them.

/** Which format's pieces: what each holds exactly. */
export type MediaFormat = 'anthropic' | 'bedrock' | 'any';

const base64 = fc.base64String({ minLength: 4, maxLength: 24 });
const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

function media(format: MediaFormat): fc.Arbitrary<MediaPart> {
  const image = fc.constantFrom(...IMAGE_TYPES);
  const inline = (type: 'image' | 'document', mediaType: fc.Arbitrary<string>) =>
    fc.record({ type: fc.constant(type), mediaType, data: base64 });
  if (format === 'bedrock') {
    const name = fc.stringMatching(/^[a-zA-Z0-9-]{1,12}$/);
    const docType = fc.constantFrom('application/pdf', 'text/csv', 'text/plain', 'text/markdown');
    return fc.oneof(
      inline('image', image),
      fc.record({
        type: fc.constant('image' as const),
        mediaType: image,
        url: fc.constant('s3://bucket/a.png'),
      }),
      fc.record({
        type: fc.constant('document' as const),
        mediaType: docType,
        data: base64,
        filename: name,
      }),
    );
  }
  const remote = (type: 'image' | 'document') =>
    fc.oneof(
      fc.record({
        type: fc.constant(type),
        url: fc.stringMatching(/^https:\/\/example\.com\/[a-z]{1,8}$/),
      }),
      fc.record({ type: fc.constant(type), fileId: fc.stringMatching(/^file_[a-z0-9]{4,10}$/) }),
    );
  const anthropic = fc.oneof(
    inline('image', image),
    inline('document', fc.constant('application/pdf')),
    remote('image'),
    remote('document'),
  );
  if (format === 'anthropic') return anthropic;
  // Pieces some format cannot hold: other media types, documents under another name.
  return fc.oneof(
    anthropic,
    inline('image', fc.constant('image/svg+xml')),
    inline('document', fc.constant('application/zip')),
  );
}

/** Pieces with at least one image or document, in the shapes `format` holds. */
export function arbitraryResultParts(format: MediaFormat = 'any'): fc.Arbitrary<ResultPart[]> {
  const text = fc.record({
    type: fc.constant('text' as const),
    text: fc.string({ minLength: 1, maxLength: 10 }),
  });
  const json = fc.record({
    type: fc.constant('json' as const),
    value: fc.dictionary(fc.string({ maxLength: 4 }), fc.integer(), { maxKeys: 3 }),
  });
  // Anthropic has no JSON block: a JSON piece is written as text.
  const plain = format === 'anthropic' ? text : fc.oneof(text, json);
  return fc
    .tuple(
      fc.array(plain, { maxLength: 2 }),
      fc.array(media(format), { minLength: 1, maxLength: 3 }),
      fc.array(plain, { maxLength: 2 }),
    )
    .map(([before, pieces, after]) => [...before, ...pieces, ...after]);
}

/** `history` with some of its results given pieces (and the content they read as). */
export function withMediaResults(
  history: ToolHistory,
  format: MediaFormat = 'any',
): fc.Arbitrary<HistoryMessage[]> {
  const slots = history.flatMap((message) => (message.role === 'tool' ? message.results : []));
  return fc
    .array(fc.option(arbitraryResultParts(format), { nil: undefined }), {
      minLength: slots.length,
      maxLength: slots.length,
    })
    .map((choices) => {
      let slot = 0;
      return history.map((message) => {
        if (message.role !== 'tool') return message;
        const results = message.results.map((result) => {
          const parts = choices[slot++];
          return parts === undefined
            ? result
            : { ...result, content: contentOfParts(parts), parts };
        });
        return { ...message, results };
      });
    });
}
