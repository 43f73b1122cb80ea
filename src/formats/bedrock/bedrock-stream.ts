import type { AccumulatorCore } from '../../core/stream/accumulator-core.js';
import { usableProviderId } from '../../core/stream/accumulator-core.js';
import {
  invalidEvent,
  isRecord,
  optionalIndex,
  optionalRecord,
  optionalString,
} from '../../core/stream/stream-event-guards.js';
import type { ToolCallState } from '../../core/stream/tool-call-state.js';
import { StreamAccumulationError } from '../../errors/stream-accumulation-error.js';
import type { StreamAdapter } from '../shared/format-adapter.js';

const FORMAT = 'Bedrock ConverseStream';

/**
 * The exception events ConverseStream can send in place of a content event
 * (API reference, `ConverseStreamOutput`:
 * https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_ConverseStreamOutput.html).
 */
const EXCEPTIONS = [
  'internalServerException',
  'modelStreamErrorException',
  'validationException',
  'throttlingException',
  'serviceUnavailableException',
] as const;

/**
 * Returns the event handler for Bedrock ConverseStream events, as the AWS SDKs yield them: one
 * object per event, keyed by the event's name (`{ contentBlockStart: { start: { toolUse:
 * { toolUseId, name } }, contentBlockIndex } }`). `contentBlockStart` with `start.toolUse` opens a
 * call, `contentBlockDelta` streams its `delta.toolUse.input` pieces (and `delta.text` the text),
 * `contentBlockStop` ends it, `messageStop` ends every call. `messageStart`, `metadata` and
 * reasoning deltas carry neither calls nor text.
 *
 * @throws {StreamAccumulationError} `invalid-input` for an event that is not an object, a field of
 *   the wrong type, or an exception event (`modelStreamErrorException`, …), whose message it quotes.
 */
export function createBedrockHandler(core: AccumulatorCore): (event: unknown) => void {
  const blocks = new Map<number, ToolCallState>();

  return (event) => {
    const eventIndex = core.eventIndex;
    if (!isRecord(event))
      return invalidEvent(FORMAT, eventIndex, '', 'a stream event object', event);
    const start = optionalRecord(event.contentBlockStart, FORMAT, eventIndex, 'contentBlockStart');
    if (start !== undefined) {
      const index = blockIndex(start, eventIndex, 'contentBlockStart');
      const startInfo = optionalRecord(start.start, FORMAT, eventIndex, 'contentBlockStart.start');
      const toolUse = optionalRecord(
        startInfo?.toolUse,
        FORMAT,
        eventIndex,
        'contentBlockStart.start.toolUse',
      );
      if (toolUse === undefined) return;
      const id = optionalString(
        toolUse.toolUseId,
        FORMAT,
        eventIndex,
        'contentBlockStart.start.toolUse.toolUseId',
      );
      const name =
        optionalString(toolUse.name, FORMAT, eventIndex, 'contentBlockStart.start.toolUse.name') ??
        '';
      blocks.set(index, core.createCall(usableProviderId(id), name));
      return;
    }
    const delta = optionalRecord(event.contentBlockDelta, FORMAT, eventIndex, 'contentBlockDelta');
    if (delta !== undefined) {
      const index = blockIndex(delta, eventIndex, 'contentBlockDelta');
      const content = optionalRecord(delta.delta, FORMAT, eventIndex, 'contentBlockDelta.delta');
      if (content === undefined) return;
      if (content.toolUse !== undefined) {
        const toolUse = optionalRecord(
          content.toolUse,
          FORMAT,
          eventIndex,
          'contentBlockDelta.delta.toolUse',
        );
        const input = toolUse?.input;
        if (typeof input !== 'string')
          return invalidEvent(
            FORMAT,
            eventIndex,
            'contentBlockDelta.delta.toolUse.input',
            'a string',
            input,
          );
        let call = blocks.get(index);
        if (call === undefined) {
          // A delta for a block that never started: keep its text rather than drop it.
          call = core.createCall(undefined, '');
          blocks.set(index, call);
        }
        core.appendArguments(call, input);
      } else if (content.text !== undefined) {
        const text = content.text;
        if (typeof text !== 'string')
          return invalidEvent(FORMAT, eventIndex, 'contentBlockDelta.delta.text', 'a string', text);
        core.appendText(text);
      }
      return;
    }
    const stop = optionalRecord(event.contentBlockStop, FORMAT, eventIndex, 'contentBlockStop');
    if (stop !== undefined) {
      const call = blocks.get(blockIndex(stop, eventIndex, 'contentBlockStop'));
      if (call !== undefined) core.endCall(call);
      return;
    }
    if (event.messageStop !== undefined) {
      core.endAll();
      return;
    }
    for (const name of EXCEPTIONS) {
      if (event[name] !== undefined) throw streamException(name, event[name], eventIndex);
    }
    // messageStart and metadata carry no calls or text.
  };
}

function blockIndex(event: Record<string, unknown>, eventIndex: number, name: string): number {
  return (
    optionalIndex(event.contentBlockIndex, FORMAT, eventIndex, `${name}.contentBlockIndex`) ?? 0
  );
}

function streamException(
  name: string,
  value: unknown,
  eventIndex: number,
): StreamAccumulationError {
  const message = isRecord(value) && typeof value.message === 'string' ? value.message : '';
  return new StreamAccumulationError(
    { code: 'invalid-input', eventIndex, field: name },
    `events[${eventIndex}] is a ${name} from Bedrock${message === '' ? '' : `: ${JSON.stringify(message)}`}. The stream ended there; the calls so far are incomplete. Retry the request.`,
  );
}

/**
 * The stream adapter for ConverseStream events. Its framing is `json-lines`: one decoded event
 * object per line, as `JSON.stringify` writes what the AWS SDK yields. The binary
 * `application/vnd.amazon.eventstream` framing of the raw HTTP body is not decoded here; read the
 * stream with the SDK and push its events.
 */
export const BEDROCK_STREAM: StreamAdapter = {
  framing: 'json-lines',
  createHandler: (core) => ({
    handle: createBedrockHandler(core),
  }),
};
