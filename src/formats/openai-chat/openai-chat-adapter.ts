import type { ConversionResult } from '../../core/history.js';
import { BASE_PROFILE, type ProviderProfile, type RuleContext } from '../../core/format.js';
import { ToolHistoryError } from '../../errors/tool-history-error.js';
import type { ChatHost, ShapeRepair } from '../shared/chat-host.js';
import type { HistoryIssue } from '../../errors/history-issue.js';
import { moveToolMedia } from './chat-result-media.js';
import type { FormatAdapter } from '../shared/format-adapter.js';
import type { WireRepair } from '../shared/wire-repair.js';
import { fromOpenAIChat } from './from-openai-chat.js';
import type { OpenAIChatMessage } from './openai-chat-types.js';
import { OPENAI_CHAT_HOST, OPENAI_CHAT_MAX_CALL_ID_LENGTH as MAX } from './chat-hosts.js';
import { repairOpenAIChatShape } from './repair-openai-chat-shape.js';
import { toOpenAIChat } from './to-openai-chat.js';
import { inspectOpenAIChat } from './validate-openai-chat.js';

/** OpenAI Chat Completions: ids of 1–40 characters, unique within a turn; results right after it. */
const OPENAI_CHAT_PROFILE: ProviderProfile = {
  ...BASE_PROFILE,
  name: 'OpenAI Chat',
  callIds: {
    description: `1 to ${MAX} characters`,
    accepts: (id) => id !== '' && id.length <= MAX,
  },
};

/** The Chat Completions adapter; validator and shape repair use the host `context.host` names in `hosts`. */
export function openAIChatAdapter(
  hosts: Readonly<Record<string, ChatHost>>,
): FormatAdapter<'openai-chat', ConversionResult<OpenAIChatMessage[]>> {
  const hostOf = (context: RuleContext | undefined): ChatHost => {
    const name = context?.host;
    if (name === undefined) return OPENAI_CHAT_HOST;
    const host = Object.hasOwn(hosts, name) ? hosts[name] : undefined;
    if (host === undefined)
      throw new ToolHistoryError(
        'invalid-input',
        `Unknown Chat Completions host ${JSON.stringify(name)}; use one of ${Object.keys(hosts).join(', ')}.`,
      );
    return host;
  };
  return {
    format: 'openai-chat',
    profile: OPENAI_CHAT_PROFILE,
    inspect: (messages, context, use) => inspectOpenAIChat(messages, context, hostOf(context), use),
    repairWire: {
      before: (messages, issues, context) =>
        withMovedMedia(repairOpenAIChatShape(messages, context, hostOf(context), issues), issues),
      // What a host asks of new call turns (DeepSeek's reasoning_content).
      after: (messages, context) =>
        shaped(repairOpenAIChatShape(messages, context, hostOf(context), [])),
    },
    read: fromOpenAIChat,
    write: toOpenAIChat,
    messagesKey: 'messages',
    wireShape: 'chat-completions',
    signature: {
      message: (message) =>
        Array.isArray(message.tool_calls) || typeof message.tool_call_id === 'string',
      contentPart: (part) => part.type === 'image_url' || part.type === 'input_audio',
    },
    layout: 'chat',
  };
}

/** The shape repair, then images and files moved out of `tool` messages (when the validator found content to fix). */
function withMovedMedia(
  shape: ShapeRepair,
  issues: readonly HistoryIssue[],
): WireRepair | undefined {
  const moved = issues.some((issue) => issue.code === 'invalid-content')
    ? moveToolMedia(shape.messages)
    : undefined;
  if (moved === undefined) return shaped(shape);
  const { placeOf } = moved;
  const fixes = [
    ...shape.fixes.map((fix) => ({
      ...fix,
      messageIndex: placeOf[fix.messageIndex] ?? fix.messageIndex,
    })),
    ...moved.fixes,
  ].sort((a, b) => a.messageIndex - b.messageIndex);
  return { messages: moved.messages, fixes, warnings: [], inputIndexes: moved.inputIndexes };
}

/** A shape repair as a wire step's result: `undefined` when it changed nothing. */
function shaped(repair: ShapeRepair): WireRepair | undefined {
  return repair.fixes.length === 0 ? undefined : { ...repair, warnings: [] };
}
