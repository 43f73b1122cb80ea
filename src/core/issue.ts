/**
 * The issue vocabulary lives in errors/ (InvalidHistoryError holds issues, and errors/ imports
 * nothing); core re-exports it so the neutral model reads as one place.
 */
export * from '../errors/history-issue.js';
