import { describe, expect, it } from 'vitest';
import type { ChoiceSessionView } from '../../shared/choice/session-types.js';
import { pageCatalog } from './page-catalog.js';

const gate = (status: string, questions?: unknown[]) => ({ status, request: { questions } }) as unknown as ChoiceSessionView;
const groups = (catalog: Record<string, string>) => new Set(Object.keys(catalog).map((key) => key.replace(/^(\w+:\w+)\..*$/, '$1')));

describe('a page\'s catalog: the strings of its first view', () => {
  it('a pending choice page has the question\'s strings, not those of views shown later', async () => {
    const shown = groups(await pageCatalog('en', { page: 'choice', access: 'full', session: gate('pending') }));
    expect(shown).toContain('portal:choice');
    expect(shown).toContain('portal:list');
    for (const later of ['portal:settings', 'portal:history', 'portal:taskPage', 'portal:resolve', 'portal:final', 'portal:questions', 'portal:gateLink', 'portal:root', 'common:gate']) expect(shown).not.toContain(later);
  });

  it('a finished gate has its final state, a gate of several questions their form, a gate link its hint and no list', async () => {
    expect(groups(await pageCatalog('en', { page: 'choice', access: 'full', session: gate('submitted') }))).toContain('portal:final');
    expect(groups(await pageCatalog('en', { page: 'choice', access: 'full', session: gate('pending', [{}, {}]) }))).toContain('portal:questions');
    const link = groups(await pageCatalog('zh', { page: 'choice', access: 'gate', session: gate('pending') }));
    expect(link).toContain('portal:gateLink');
    expect(link).not.toContain('portal:list');
  });

  it('a page of its own has its strings; the whole catalog has every string a page shows', async () => {
    expect(groups(await pageCatalog('en', { page: 'history', access: 'full' }))).toContain('portal:history');
    expect(groups(await pageCatalog('en', { page: 'task', access: 'full' }))).toContain('portal:taskPage');
    expect(groups(await pageCatalog('en', { page: 'list', access: 'full' }))).toContain('portal:root');
    const whole = await pageCatalog('zh');
    expect(Object.keys(whole)).toEqual(expect.arrayContaining(['portal:settings.title', 'portal:final.heading', 'portal:notify.newTitle', 'common:taskStatus.DONE']));
    expect(groups(whole)).not.toContain('common:gate');
  });
});
