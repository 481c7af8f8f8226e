#!/usr/bin/env node
// The `engram` CLI entry: runs the TypeScript sources through tsx so that a fresh clone needs no build step.
import { register } from 'tsx/esm/api';

register();
await import('../src/cli/main.ts');
