import type { ConversionResult } from '../../core/history.js';
import { fromOpenAIResponses } from './from-openai-responses.js';
import { BASE_PROFILE } from '../../core/format.js';
import type { OpenAIResponsesInputItem } from './openai-responses-types.js';
import { toOpenAIResponses } from './to-openai-responses.js';
import {
  inspectOpenAIResponses,
  OPENAI_RESPONSES_MAX_CALL_ID_LENGTH as MAX,
} from './validate-openai-responses.js';
import type { FormatAdapter } from '../shared/format-adapter.js';
import { repairResponsesWire, responsesWireActsOn } from './repair-responses-wire.js';

// Input item and content part types only the Responses API has.
const RESPONSES_ITEM_TYPES = new Set([
  'message',
  'function_call',
  'function_call_output',
  'reasoning',
  'item_reference',
  'file_search_call',
  'web_search_call',
  'computer_call',
  'computer_call_output',
  'custom_tool_call',
  'custom_tool_call_output',
]);
const RESPONSES_PART_TYPES = new Set([
  'input_text',
  'output_text',
  'input_image',
  'input_file',
  'refusal',
]);

/** The OpenAI Responses `input` items. */
export const OPENAI_RESPONSES_ADAPTER: FormatAdapter<
  'openai-responses',
  ConversionResult<OpenAIResponsesInputItem[]>
> = {
  format: 'openai-responses',
  // `call_id` unique in the whole input; an output answers a call anywhere earlier.
  profile: {
    ...BASE_PROFILE,
    name: 'OpenAI Responses',
    scope: 'conversation',
    uniqueCallIds: 'conversation',
    callIds: {
      description: `1 to ${MAX} characters`,
      accepts: (id) => id !== '' && id.length <= MAX,
    },
  },
  inspect: inspectOpenAIResponses,
  read: fromOpenAIResponses,
  write: toOpenAIResponses,
  messagesKey: 'input',
  wireShape: 'openai-responses',
  signature: {
    message: (message) =>
      typeof message.type === 'string' && RESPONSES_ITEM_TYPES.has(message.type),
    contentPart: (part) => typeof part.type === 'string' && RESPONSES_PART_TYPES.has(part.type),
  },
  layout: 'items',
  repairWire: {
    after: repairResponsesWire,
    afterActsOn: responsesWireActsOn,
    // The engine has nothing to do for these: the pass after it fixes or reports them.
    leaves: new Set(['unacknowledged-safety-check', 'unpersisted-item', 'invalid-item-id']),
  },
};
