import { chown, mkdir, mkdtemp, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dataPathError, startFailureText } from './data-path-error.js';

const sys = (code: string, path: string, syscall = 'open') => Object.assign(new Error(`${code}: something, ${syscall} '${path}'`), { code, path, syscall });
const isRoot = process.getuid?.() === 0;

describe('dataPathError: the cause in words', () => {
  it('a link whose target does not exist, itself or on the way, and a link loop', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'gatehouse-dpe-'));
    await symlink(join(dir, 'gone'), join(dir, 'home'));
    expect(dataPathError(join(dir, 'home'), sys('ENOENT', join(dir, 'home'), 'mkdir'), 'directory').message).toBe(
      `${join(dir, 'home')} is a link to ${join(dir, 'gone')} which does not exist — create it (mkdir -p "${join(dir, 'gone')}") or remove the link (rm "${join(dir, 'home')}"), then start gatehouse again`,
    );
    expect(dataPathError(join(dir, 'home', 'sessions'), sys('ENOENT', join(dir, 'home', 'sessions')), 'directory').message).toContain(`cannot be reached: ${join(dir, 'home')} is a link to ${join(dir, 'gone')} which does not exist`);
    await symlink('loop', join(dir, 'loop'));
    expect(dataPathError(join(dir, 'loop'), sys('ELOOP', join(dir, 'loop')), 'file').message).toContain('which leads back to itself');
  });

  it.skipIf(!isRoot)('a path owned by another user names both users and the chown', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'gatehouse-dpe-'));
    const file = join(dir, 'settings.json');
    await writeFile(file, '{}');
    await chown(file, 65534, 65534);
    const message = dataPathError(file, sys('EACCES', file), 'file').message;
    expect(message).toContain(`${file} is owned by nobody, and gatehouse runs as root (the system said: EACCES`);
    expect(message).toContain(`sudo chown -R root "${file}"`);
  });

  it('its own file refused (EPERM): probably immutable; read-only; full disk — each with the system\'s words', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'gatehouse-dpe-'));
    await mkdir(join(dir, 'sessions'));
    const sessions = join(dir, 'sessions');
    expect(dataPathError(sessions, sys('EPERM', sessions), 'directory').message).toMatch(/cannot be written, even by its owner: it is probably immutable .*\(the system said: EPERM: .*\) — clear the flag \(sudo chattr -i /);
    expect(dataPathError(sessions, sys('EROFS', sessions), 'directory').message).toContain('is on a read-only file system (the system said: EROFS');
    expect(dataPathError(sessions, sys('ENOSPC', sessions), 'directory').message).toContain('the disk is full (the system said: ENOSPC');
  });

  it('startFailureText turns a raw file-system error into the same words, and keeps other messages', () => {
    expect(startFailureText(new Error('port in use'))).toBe('port in use');
    expect(startFailureText(sys('EROFS', '/x/gatehouse.log'))).toContain('/x/gatehouse.log is on a read-only file system');
  });
});
