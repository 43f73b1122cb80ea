// Moved to core/tool-turn-table.ts; this re-export keeps src/repair's import paths working until it is rewritten.
export * from '../../core/tool-turn-table.js';
