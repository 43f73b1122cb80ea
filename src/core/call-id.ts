const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Length of generated ids: 9 of [A-Za-z0-9] suits every provider (Mistral requires exactly it). */
export const GENERATED_CALL_ID_LENGTH = 9;

/** Returns a fresh call id; ids already in use are skipped. */
export type CallIdGenerator = () => string;

/** Returns a random 9-character alphanumeric call id, a shape every provider accepts. */
export function createCallId(): string {
  const bytes = new Uint8Array(GENERATED_CALL_ID_LENGTH);
  globalThis.crypto.getRandomValues(bytes);
  let id = '';
  for (const byte of bytes) id += ALPHABET.charAt(byte % ALPHABET.length);
  return id;
}

/** Hashes `seed` (cyrb53, 53 bits) into 9 characters of `[A-Za-z0-9]`. */
export function hashCallId(seed: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let index = 0; index < seed.length; index++) {
    const code = seed.charCodeAt(index);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507);
  h1 ^= Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507);
  h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  let value = 4294967296 * (2097151 & h2) + (h1 >>> 0);
  let id = '';
  for (let index = 0; index < GENERATED_CALL_ID_LENGTH; index++) {
    id = ALPHABET.charAt(value % ALPHABET.length) + id;
    value = Math.floor(value / ALPHABET.length);
  }
  return id;
}

/** A generator of ids not in `taken`, adding each to it. @throws {Error} when `generate` keeps repeating. */
export function uniqueCallIds(
  taken: Set<string>,
  generate: CallIdGenerator = createCallId,
): () => string {
  return () => {
    for (let attempt = 0; attempt < 1000; attempt++) {
      const id = generate();
      if (id !== '' && !taken.has(id)) {
        taken.add(id);
        return id;
      }
    }
    throw new Error('The call id generator returned 1000 ids that were empty or already in use.');
  };
}
