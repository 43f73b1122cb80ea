import type { LangMessages } from 'aiwrapper';

/** A LangMessages collection as plain data, for whole-value assertions. */
export function plain(
  messages: LangMessages,
): { role: string; items: unknown[]; meta?: unknown }[] {
  return Array.from(messages, (message) => ({
    role: message.role,
    items: message.items,
    ...(message.meta === undefined ? {} : { meta: message.meta }),
  }));
}

/** A deterministic id generator: id_1, id_2, … */
export function sequentialIds(prefix = 'gen'): () => string {
  let next = 0;
  return () => `${prefix}${++next}`;
}

/** Every call id of a `tool` or `tool-result` item, in order, found by reading every message. */
export function callIdsOf(messages: LangMessages): string[] {
  return Array.from(messages).flatMap((message) =>
    message.items.flatMap((item) =>
      item.type === 'tool' || item.type === 'tool-result' ? [item.callId] : [],
    ),
  );
}
