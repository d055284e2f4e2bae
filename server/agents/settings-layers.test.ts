// One settings file as the guards read it (codex/, gemini/, qwen/settings-guard.ts).
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { tempRoot, write } from '../../test/support/temp-root.js';
import { readLayer } from './settings-layers.js';

const temp = tempRoot('gatehouse-hook-guard-');

it('readLayer: absent, an object, and not an object', () => {
  expect(readLayer(join(temp.root, 'none.json'))).toEqual({ file: join(temp.root, 'none.json'), settings: null });
  expect(readLayer(write(join(temp.root, 'a.json'), '{"a":1}')).settings).toEqual({ a: 1 });
  expect(readLayer(write(join(temp.root, 'b.json'), '[1]')).unreadable).toBe('not a JSON object');
});
