#!/usr/bin/env node
import { startWriterEarly } from '../build/bundle/writer-thread.js';

// A build's writer thread boots on the other core while the rest of the CLI loads (see
// src/writer/thread/writer-thread.ts); the CLI is loaded after, so that the thread starts first.
if (process.argv[2] === 'build') startWriterEarly();
const { main } = await import('../build/bundle/cli.js');

// A reader that stops early (`ports-gen import x --json | head`) closes the pipe: what is left
// to print is not wanted, and the command still ends with its own exit code, without a trace.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error) => {
    if (error.code !== 'EPIPE' && error.code !== 'ERR_STREAM_DESTROYED') throw error;
  });
}

main(process.argv).then((code) => {
  process.exitCode = code;
});
