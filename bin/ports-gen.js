#!/usr/bin/env node
import { main } from '../build/bundle/cli.js';

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
