#!/usr/bin/env node
import { main } from '../build/src/cli.js';

main(process.argv).then((code) => {
  process.exitCode = code;
});
