/**
 * Something a stream sent that the accumulator did not use, reported rather than dropped without a
 * word: argument text for a call that had already ended (`arguments-after-end`: an Anthropic
 * `input_json_delta` after its `content_block_stop`), or a Responses `.done` event whose whole
 * arguments differ from the deltas that built the call (`done-arguments-differ`; the deltas are
 * kept, as the live view already showed them).
 */
export interface StreamWarning {
  readonly code: 'arguments-after-end' | 'done-arguments-differ';
  /** 0-based number of the event, in the order pushed. */
  readonly eventIndex: number;
  /** Position of the call in the message. */
  readonly callIndex: number;
  readonly callId: string;
  readonly message: string;
}
