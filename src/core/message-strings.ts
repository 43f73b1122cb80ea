/**
 * The last string made for a message, made again only for another message: a validator meets a
 * message's issues one after another, and the results of one message share a path prefix or a
 * sentence, so a history where every result is broken keeps one copy per message, not per result.
 *
 * @example
 * const prefixes = new MessageStrings((index) => `messages.${index}.content.`);
 * const param = `${prefixes.of(3)}${partIndex}`;
 */
export class MessageStrings {
  private index = -1;
  private value = '';

  /** `make` builds the string for a message index. */
  constructor(private readonly make: (messageIndex: number) => string) {}

  /** The string for `messageIndex`. */
  of(messageIndex: number): string {
    if (messageIndex !== this.index) {
      this.index = messageIndex;
      this.value = this.make(messageIndex);
    }
    return this.value;
  }
}
