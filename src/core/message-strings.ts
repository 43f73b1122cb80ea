/** The last string `make` built, built again only for another message: one per message, not per result. */
export class MessageStrings {
  private index = -1;
  private value = '';

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
