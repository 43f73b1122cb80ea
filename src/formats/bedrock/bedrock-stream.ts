import { usableProviderId } from '../../core/stream/accumulator-core.js';
import { EventFields, isObject } from '../../core/stream/stream-event-guards.js';
import type { ToolCallState } from '../../core/stream/tool-call-state.js';
import { StreamAccumulationError } from '../../errors/tool-history-error.js';
import type { StreamAdapter } from '../shared/format-adapter.js';

const FORMAT = 'Bedrock ConverseStream';

/**
 * The exception events ConverseStream can send in place of a content event
 * (https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_ConverseStreamOutput.html).
 */
const EXCEPTIONS = [
  'internalServerException',
  'modelStreamErrorException',
  'validationException',
  'throttlingException',
  'serviceUnavailableException',
] as const;

/**
 * The stream adapter for ConverseStream events as the AWS SDKs yield them, one per JSON line; the
 * binary `vnd.amazon.eventstream` body is not decoded here (read it with the SDK).
 */
export const BEDROCK_STREAM: StreamAdapter = {
  framing: 'json-lines',
  createHandler: (core) => {
    const blocks = new Map<number, ToolCallState>();
    return {
      handle(event) {
        const read = new EventFields(FORMAT, core.eventIndex);
        const blockIndex = (block: Readonly<Record<string, unknown>>, name: string): number =>
          read.index(block.contentBlockIndex, `${name}.contentBlockIndex`) ?? 0;
        if (!isObject(event)) return read.fail('', 'a stream event object', event);
        const start = read.record(event.contentBlockStart, 'contentBlockStart');
        if (start !== undefined) {
          const field = 'contentBlockStart.start.toolUse';
          const toolUse = read.record(
            read.record(start.start, 'contentBlockStart.start')?.toolUse,
            field,
          );
          if (toolUse === undefined) return;
          const id = read.string(toolUse.toolUseId, `${field}.toolUseId`);
          const name = read.string(toolUse.name, `${field}.name`) ?? '';
          blocks.set(
            blockIndex(start, 'contentBlockStart'),
            core.createCall(usableProviderId(id), name),
          );
          return;
        }
        const delta = read.record(event.contentBlockDelta, 'contentBlockDelta');
        if (delta !== undefined) {
          const index = blockIndex(delta, 'contentBlockDelta');
          const content = read.record(delta.delta, 'contentBlockDelta.delta');
          if (content?.toolUse !== undefined) {
            const field = 'contentBlockDelta.delta.toolUse';
            const input = read.record(content.toolUse, field)?.input;
            if (typeof input !== 'string') return read.fail(`${field}.input`, 'a string', input);
            // A delta for a block that never started: keep its text rather than drop it.
            const call = blocks.get(index) ?? core.createCall(undefined, '');
            blocks.set(index, call);
            core.appendArguments(call, input);
          } else if (content?.text !== undefined) {
            const { text } = content;
            if (typeof text !== 'string')
              return read.fail('contentBlockDelta.delta.text', 'a string', text);
            core.appendText(text);
          }
          return;
        }
        const stop = read.record(event.contentBlockStop, 'contentBlockStop');
        if (stop !== undefined) {
          const call = blocks.get(blockIndex(stop, 'contentBlockStop'));
          if (call !== undefined) core.endCall(call);
        } else if (event.messageStop !== undefined) {
          const reason = read.record(event.messageStop, 'messageStop')?.stopReason;
          if (typeof reason === 'string') core.stopReason = reason;
          core.endAll();
        } else {
          const name = EXCEPTIONS.find((candidate) => event[candidate] !== undefined);
          if (name === undefined) return;
          const { eventIndex } = read;
          const value = event[name];
          const message = isObject(value) && typeof value.message === 'string' ? value.message : '';
          throw new StreamAccumulationError(
            { code: 'invalid-input', eventIndex, field: name },
            `events[${eventIndex}] is a ${name} from Bedrock${message === '' ? '' : `: ${JSON.stringify(message)}`}. The stream ended there; the calls so far are incomplete. Retry the request.`,
          );
        }
      },
    };
  },
};
