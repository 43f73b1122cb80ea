import type { MessageFormat } from '../../src/core/format.js';
import type {
  HistoryMessage,
  JsonValue,
  ToolHistory,
  ConversionWarning,
} from '../../src/core/history.js';
import { fromAiwrapper } from '../../src/formats/aiwrapper/from-aiwrapper.js';
import { toAiwrapper } from '../../src/formats/aiwrapper/to-aiwrapper.js';
import { fromAnthropic } from '../../src/formats/anthropic/from-anthropic.js';
import { toAnthropic } from '../../src/formats/anthropic/to-anthropic.js';
import { fromBedrock } from '../../src/formats/bedrock/from-bedrock.js';
import { toBedrock } from '../../src/formats/bedrock/to-bedrock.js';
import { fromGemini } from '../../src/formats/gemini/from-gemini.js';
import { toGemini } from '../../src/formats/gemini/to-gemini.js';
import { fromMistral, fromOpenAIChat } from '../../src/formats/openai-chat/from-openai-chat.js';
import { toMistral, toOpenAIChat } from '../../src/formats/openai-chat/to-openai-chat.js';
import { fromOpenAIResponses } from '../../src/formats/openai-responses/from-openai-responses.js';
import { toOpenAIResponses } from '../../src/formats/openai-responses/to-openai-responses.js';
import { fromVercel } from '../../src/formats/vercel/from-vercel.js';
import { toVercel } from '../../src/formats/vercel/to-vercel.js';
import { fromVercelUi } from '../../src/formats/vercel-ui/from-vercel-ui.js';
import { toVercelUi } from '../../src/formats/vercel-ui/to-vercel-ui.js';

/** A history written to a format and read back, with the warnings of both steps. */
export interface RoundTrip {
  /** The messages as written in the format. */
  readonly messages: readonly unknown[];
  readonly history: HistoryMessage[];
  readonly warnings: readonly ConversionWarning[];
}

/** Writes `history` to `format` (system prompt included) and reads it back. */
export function roundTrip(format: MessageFormat, history: ToolHistory): RoundTrip {
  switch (format) {
    case 'openai-chat': {
      const out = toOpenAIChat(history);
      const back = fromOpenAIChat(out.messages);
      return {
        messages: out.messages,
        history: back.messages,
        warnings: [...out.warnings, ...back.warnings],
      };
    }
    case 'openai-responses': {
      const out = toOpenAIResponses(history);
      const back = fromOpenAIResponses(out.messages);
      return {
        messages: out.messages,
        history: back.messages,
        warnings: [...out.warnings, ...back.warnings],
      };
    }
    case 'anthropic': {
      const out = toAnthropic(history);
      const back = fromAnthropic(out.messages, { system: out.system });
      return {
        messages: out.messages,
        history: back.messages,
        warnings: [...out.warnings, ...back.warnings],
      };
    }
    case 'bedrock': {
      const out = toBedrock(history);
      const back = fromBedrock(out.messages, { system: out.system });
      return {
        messages: out.messages,
        history: back.messages,
        warnings: [...out.warnings, ...back.warnings],
      };
    }
    case 'gemini': {
      const out = toGemini(history);
      const back = fromGemini(out.messages, { systemInstruction: out.systemInstruction });
      return {
        messages: out.messages,
        history: back.messages,
        warnings: [...out.warnings, ...back.warnings],
      };
    }
    case 'mistral': {
      const out = toMistral(history);
      const back = fromMistral(out.messages);
      return {
        messages: out.messages,
        history: back.messages,
        warnings: [...out.warnings, ...back.warnings],
      };
    }
    case 'aiwrapper': {
      const out = toAiwrapper(history);
      const back = fromAiwrapper(out.messages, { instructions: out.instructions });
      return {
        messages: out.messages,
        history: back.messages,
        warnings: [...out.warnings, ...back.warnings],
      };
    }
    case 'vercel': {
      const out = toVercel(history);
      const back = fromVercel(out.messages);
      return {
        messages: out.messages,
        history: back.messages,
        warnings: [...out.warnings, ...back.warnings],
      };
    }
    case 'vercel-ui': {
      const out = toVercelUi(history);
      // The ids the writer made up (`msg-<index>`) are not the history's: left out on the way back.
      const back = fromVercelUi(
        out.messages.map((message) =>
          Object.fromEntries(Object.entries(message).filter(([key]) => key !== 'id')),
        ),
      );
      return {
        messages: out.messages,
        history: back.messages,
        warnings: [...out.warnings, ...back.warnings],
      };
    }
  }
}

/** The history without `sourceIndex` fields (which name positions in the wire array). */
export function withoutSourceIndex(history: ToolHistory): HistoryMessage[] {
  return history.map((message): HistoryMessage => {
    const rest = omitSourceIndex(message);
    return rest.role === 'tool' ? { ...rest, results: rest.results.map(omitSourceIndex) } : rest;
  });
}

function omitSourceIndex<T extends { readonly sourceIndex?: number | undefined }>(value: T): T {
  const copy: Record<string, unknown> = { ...value };
  delete copy.sourceIndex;
  return copy as T;
}

/** What a conversion must preserve of every call and result. */
export interface ToolFacts {
  readonly calls: readonly {
    readonly callId: string;
    readonly name: string;
    readonly arguments: unknown;
  }[];
  readonly results: readonly {
    readonly callId: string;
    readonly name: string;
    readonly content: string;
  }[];
}

/** The calls and results of a history; result content as text (every format can carry text). */
export function toolFacts(history: ToolHistory): ToolFacts {
  const calls: { callId: string; name: string; arguments: unknown }[] = [];
  const results: { callId: string; name: string; content: string }[] = [];
  for (const message of history) {
    if (message.role === 'assistant') {
      for (const part of message.parts)
        if (part.type === 'tool-call')
          calls.push({ callId: part.callId, name: part.name, arguments: part.arguments });
    } else if (message.role === 'tool') {
      for (const result of message.results)
        results.push({
          callId: result.callId,
          name: result.name,
          content: contentText(result.content),
        });
    }
  }
  return { calls, results };
}

/** Reads `messages` in `format` with the matching `from*` converter. */
export function readFormat(format: MessageFormat, messages: readonly unknown[]): HistoryMessage[] {
  const readers: Record<
    MessageFormat,
    (input: readonly unknown[]) => { messages: HistoryMessage[] }
  > = {
    'openai-chat': fromOpenAIChat,
    'openai-responses': fromOpenAIResponses,
    anthropic: (input) => fromAnthropic(input),
    gemini: (input) => fromGemini(input),
    mistral: fromMistral,
    bedrock: (input) => fromBedrock(input),
    aiwrapper: (input) => fromAiwrapper(input),
    vercel: fromVercel,
    'vercel-ui': fromVercelUi,
  };
  return readers[format](messages).messages;
}

function contentText(content: JsonValue): string {
  return typeof content === 'string' ? content : JSON.stringify(content);
}
