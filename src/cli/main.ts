#!/usr/bin/env node
/// <reference types="node" />
// The `aiwrapper-tool-calls` executable: runs the CLI against the process streams.
import { runCli } from './run-cli.js';

// runCli handles write errors on stdout and stderr (EPIPE, ENOSPC) itself: one line, no trace.
process.exitCode = await runCli(process.argv.slice(2), {
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
});
