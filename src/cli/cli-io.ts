/// <reference types="node" />

/** A stream the CLI writes to: `process.stdout`, `process.stderr`, or a test double. */
export interface OutputStream {
  readonly isTTY?: boolean | undefined;
  write(text: string): boolean;
  once(event: 'drain', listener: () => void): unknown;
}

/** The process streams the CLI runs against. */
export interface CliIo {
  readonly stdin: AsyncIterable<Uint8Array | string>;
  readonly stdout: OutputStream;
  readonly stderr: OutputStream;
}

/** Writes `text` and waits for the stream to drain when its buffer is full, so output stays bounded. */
export async function writeOut(stream: OutputStream, text: string): Promise<void> {
  if (stream.write(text)) return;
  await new Promise<void>((resolve) => stream.once('drain', resolve));
}
