/**
 * The last string made for a message, made again only for another message (one path prefix per
 * message, not per result).
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
