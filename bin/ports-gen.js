#!/usr/bin/env node
import { main } from '../build/bundle/cli.js';

main(process.argv).then((code) => {
  process.exitCode = code;
});
