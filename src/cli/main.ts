#!/usr/bin/env node
/// <reference types="node" />
// The `aiwrapper-tool-calls` executable: runs the CLI against the process streams.
import { runCli } from './run-cli.js';

// `… | head` closes stdout early: stop quietly instead of throwing EPIPE.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});

process.exitCode = await runCli(process.argv.slice(2), {
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
});
