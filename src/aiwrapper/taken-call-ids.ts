import type { LangMessage } from 'aiwrapper';

/**
 * Every call id of a `tool` or `tool-result` item in `messages`, read from the collection on the
 * first lookup: only a helper call that has to generate an id walks the history, and it reads the
 * collection as it is then, so edits made in place between calls are always seen.
 */
export function takenCallIds(messages: readonly LangMessage[]): Set<string> {
  return new CollectionCallIds(messages);
}

class CollectionCallIds extends Set<string> {
  #messages: readonly LangMessage[] | undefined;

  constructor(messages: readonly LangMessage[]) {
    super();
    this.#messages = messages;
  }

  override has(id: string): boolean {
    const messages = this.#messages;
    if (messages !== undefined) {
      this.#messages = undefined;
      for (const message of messages)
        for (const item of message.items)
          if (item.type === 'tool' || item.type === 'tool-result') this.add(item.callId);
    }
    return super.has(id);
  }
}
