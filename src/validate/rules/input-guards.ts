// Moved to core/input-guards.ts; this re-export keeps src/repair's import paths working until it is rewritten.
export * from '../../core/input-guards.js';
