import {
  LangMessage,
  LangMessages,
  LanguageProvider,
  type LangOptions,
  type LangMessageItem,
} from 'aiwrapper';

/** One scripted response: text, then calls (each with a 9-character id every provider accepts). */
export interface ScriptedResponse {
  readonly text?: string | undefined;
  readonly calls?: readonly {
    readonly callId: string;
    readonly name: string;
    readonly arguments: Record<string, unknown>;
  }[];
}

function abortError(): Error {
  const error = new Error('The operation was aborted');
  error.name = 'AbortError';
  return error;
}

/**
 * An aiwrapper provider in process, with no network: `chat()` pushes an assistant message built
 * item by item from the next scripted response, calls `onResult` as it grows (waiting a microtask
 * between pieces, so a signal can abort it midway), and ends as aiwrapper's providers do, with
 * `executeRequestedTools()`. It records a deep copy of every conversation it was sent.
 */
export class ScriptedLang extends LanguageProvider {
  readonly sent: unknown[] = [];
  readonly #script: ScriptedResponse[];

  constructor(script: readonly ScriptedResponse[]) {
    super('scripted');
    this.#script = [...script];
  }

  ask(prompt: string, options?: LangOptions): Promise<LangMessages> {
    return this.chat(new LangMessages(prompt), options);
  }

  async chat(
    messages: LangMessages | { role: LangMessage['role']; items: LangMessageItem[] }[],
    options?: LangOptions,
  ): Promise<LangMessages> {
    const collection = messages instanceof LangMessages ? messages : new LangMessages(messages);
    this.sent.push(JSON.parse(JSON.stringify(collection)));
    const response = this.#script.shift() ?? { text: 'done' };
    const message = new LangMessage('assistant', []);
    collection.push(message);
    const pieces: LangMessageItem[] = [];
    if (response.text !== undefined) pieces.push({ type: 'text', text: response.text });
    for (const call of response.calls ?? [])
      pieces.push({
        type: 'tool',
        callId: call.callId,
        name: call.name,
        arguments: call.arguments,
      });
    for (const piece of pieces) {
      await Promise.resolve();
      if (options?.signal?.aborted === true) throw abortError();
      message.items.push(piece);
      options?.onResult?.(message);
    }
    await Promise.resolve();
    if (options?.signal?.aborted === true) throw abortError();
    collection.finished = true;
    const results = await collection.executeRequestedTools();
    if (results) options?.onResult?.(results);
    return collection;
  }
}
