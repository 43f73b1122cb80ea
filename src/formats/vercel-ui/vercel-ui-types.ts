// Minimal Vercel AI SDK (v5/v6) `UIMessage` types; other fields pass through the index signatures.

/** The states of a tool part, as `useChat` and `streamText` set them. */
export const TOOL_PART_STATES = [
  'input-streaming',
  'input-available',
  'approval-requested',
  'approval-responded',
  'output-available',
  'output-error',
  'output-denied',
] as const;
/** A tool part's state. */
export type ToolPartState = (typeof TOOL_PART_STATES)[number];

/** A `tool-<name>` or `dynamic-tool` part: one call, with its result once it has one. */
export interface VercelUIToolPart {
  readonly type: `tool-${string}` | 'dynamic-tool';
  /** `dynamic-tool` parts only. */
  readonly toolName?: string;
  readonly toolCallId: string;
  readonly state: ToolPartState;
  readonly input?: unknown;
  readonly output?: unknown;
  readonly errorText?: string;
  readonly approval?: {
    readonly id: string;
    readonly approved?: boolean;
    readonly reason?: string;
  };
  readonly [key: string]: unknown;
}

/** Any other part: `text`, or one passed through verbatim (`reasoning`, `file`, `step-start`, …). */
export interface VercelUIOtherPart {
  readonly type: string;
  readonly [key: string]: unknown;
}

/** A `UIMessage`. */
export interface VercelUIMessage {
  readonly id: string;
  readonly role: 'system' | 'user' | 'assistant';
  readonly parts: (VercelUIToolPart | VercelUIOtherPart)[];
  readonly [key: string]: unknown;
}
