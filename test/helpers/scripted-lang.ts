import {
  LangMessage,
  LangMessages,
  LanguageProvider,
  type LangMessageItem,
  type LangOptions,
  type LangMessageItemTool,
} from 'aiwrapper';

/** One call of a scripted response. */
export interface ScriptedCall {
  readonly callId: string;
  readonly name: string;
  readonly arguments: Readonly<Record<string, unknown>>;
}

/** One scripted response: text, then calls; or a request that fails partway. */
export interface ScriptedResponse {
  readonly text?: string | undefined;
  readonly calls?: readonly ScriptedCall[] | undefined;
  /** Fail the request with a provider error after this many pieces of the response streamed. */
  readonly failAfter?: number | undefined;
}

/** What one request sent: a deep copy (through JSON) of its messages, and the tools it declared. */
export interface SentRequest {
  readonly messages: unknown[];
  readonly tools: readonly string[];
}

/** The reply once the script is used up. */
const LAST_REPLY: ScriptedResponse = { text: 'Done.' };

function abortError(): Error {
  const error = new Error('The operation was aborted');
  error.name = 'AbortError';
  return error;
}

/** What a provider's failed request rejects with. */
function scriptedProviderError(): Error {
  return new Error('HTTP 503: the scripted provider failed this request');
}

/**
 * An aiwrapper provider in process, with no network. `chat()` answers with the next scripted
 * response as aiwrapper's providers answer a stream: the assistant message is pushed on the first
 * piece and grows item by item (text in two parts, each call first with empty arguments, then
 * with its whole arguments object), `onResult` is called as it grows, and the request ends with
 * `executeRequestedTools()`. A microtask passes between pieces, so a signal can abort a request
 * midway (rejecting with an `AbortError`, as aiwrapper does). Every request is recorded.
 */
export class ScriptedLang extends LanguageProvider {
  /** Every request, in order. */
  readonly requests: SentRequest[] = [];
  readonly #script: ScriptedResponse[];
  #failNext = false;

  constructor(script: readonly ScriptedResponse[]) {
    super('scripted');
    this.#script = [...script];
  }

  /** Makes the next request fail with {@link scriptedProviderError} before anything streams. */
  failNextRequest(): void {
    this.#failNext = true;
  }

  ask(prompt: string, options?: LangOptions): Promise<LangMessages> {
    return this.chat(new LangMessages(prompt), options);
  }

  async chat(
    messages:
      LangMessages | LangMessage[] | { role: LangMessage['role']; items: LangMessageItem[] }[],
    options?: LangOptions,
  ): Promise<LangMessages> {
    const collection = messages instanceof LangMessages ? messages : new LangMessages(messages);
    this.requests.push({
      messages: JSON.parse(JSON.stringify(collection)) as unknown[],
      tools: (collection.availableTools ?? []).map((tool) => tool.name),
    });
    const response = this.#script.shift() ?? LAST_REPLY;
    const failAfter = this.#failNext ? 0 : response.failAfter;
    this.#failNext = false;
    const pieces = piecesOf(response);
    let message: LangMessage | undefined;
    for (const [index, piece] of pieces.entries()) {
      await this.#gap(collection, options, index === failAfter);
      if (message === undefined) {
        message = new LangMessage('assistant', []);
        collection.push(message);
      }
      piece(message);
      options?.onResult?.(message);
    }
    await this.#gap(collection, options, failAfter !== undefined && failAfter >= pieces.length);
    collection.finished = true;
    const results = await collection.executeRequestedTools();
    if (results !== null) options?.onResult?.(results);
    return collection;
  }

  /** A microtask between pieces, where the request is aborted or fails. */
  async #gap(
    collection: LangMessages,
    options: LangOptions | undefined,
    fail: boolean,
  ): Promise<void> {
    await Promise.resolve();
    if (options?.signal?.aborted === true) {
      collection.aborted = true;
      throw abortError();
    }
    if (fail) throw scriptedProviderError();
  }
}

/** The steps that build a response's message, in stream order. */
function piecesOf(response: ScriptedResponse): ((message: LangMessage) => void)[] {
  const pieces: ((message: LangMessage) => void)[] = [];
  const text = response.text ?? '';
  if (text !== '') {
    const half = Math.ceil(text.length / 2);
    pieces.push((message) => {
      message.items.push({ type: 'text', text: text.slice(0, half) });
    });
    if (half < text.length)
      pieces.push((message) => {
        const item = message.items.at(-1);
        if (item?.type === 'text') item.text += text.slice(half);
      });
  }
  for (const call of response.calls ?? []) {
    const item: LangMessageItemTool = {
      type: 'tool',
      callId: call.callId,
      name: call.name,
      arguments: {},
    };
    pieces.push((message) => {
      message.items.push(item);
    });
    // aiwrapper replaces the arguments object whenever its buffer parses.
    pieces.push(() => {
      item.arguments = structuredClone(call.arguments) as Record<string, unknown>;
    });
  }
  return pieces;
}
