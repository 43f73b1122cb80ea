import type { LangMessage } from 'aiwrapper';

/** Every call id in `messages`, read on the first lookup (only when an id must be generated). */
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
