import { useEffect, useState } from 'preact/hooks';
import { setLanguage, t, withStrings } from '../config/i18n.js';
import { ChannelIndicator } from '../channels/ChannelIndicator.js';
import { NotifyPrompt } from '../notify/NotifyPrompt.js';
import { ChoicePage } from '../rendering/ChoicePage.js';
import { useServices } from '../state/app-context.js';
import { useStore } from '../state/app-store.js';
import { lazyView } from './lazy-view.js';
import { GateLinkHint } from './GateLinkHint.js';

// The list is a chunk of its own: a page opened with a gate link shows none, so its first load leaves it out.
const InteractionList = lazyView(() => import('../list/InteractionList.js').then((m) => m.InteractionList));
// Views whose strings are not in every page's catalog (server/web-portal/page-catalog.ts): they bring them.
const SettingsPanel = lazyView(() => withStrings('portal:settings.title', import('../config/SettingsPanel.js')).then((m) => m.SettingsPanel));
const HistoryPage = lazyView(() => withStrings('portal:history.title', import('../history/HistoryPage.js')).then((m) => m.HistoryPage));
const TaskPage = lazyView(() => withStrings('portal:taskPage.goal', import('../tasks/TaskPage.js')).then((m) => m.TaskPage));
const ResolvePage = lazyView(() => withStrings('portal:resolve.heading', import('../resolve/ResolvePage.js')).then((m) => m.ResolvePage));

/**
 * The shell of every page: header, the interaction list on the left, the page's own content. A page opened with a
 * gate link (no credential) shows its question alone: no list, no history or settings, and how to open the portal.
 */
export function App() {
  const { store, boot } = useServices();
  const gateOnly = boot.access === 'gate';
  const language = useStore(store, (s) => s.settings.effective_language);
  const connection = useStore(store, (s) => s.connection);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [, setShownLanguage] = useState(language);
  useEffect(() => {
    // Re-render everything once the language's strings are loaded.
    void setLanguage(language).then(() => setShownLanguage(language));
  }, [language]);
  useEffect(() => {
    document.title = boot.session ? `${boot.session.request.title} · gatehouse` : 'gatehouse';
  }, []);

  return (
    <div class="shell" data-lang={language} data-page={boot.page}>
      <a class="skip-link" href="#main-content" data-testid="skip-link">
        {t(boot.page === 'choice' ? 'skip.toQuestion' : 'skip.toContent')}
      </a>
      <header class="topbar">
        {gateOnly ? <span class="brand">gatehouse</span> : <a class="brand" href="/">gatehouse</a>}
        <span class={`conn conn-${connection}`} data-testid="connection" role="status">
          {t(`connection.${connection}`)}
        </span>
        {!gateOnly && <ChannelIndicator />}
        {!gateOnly && <nav class="topnav">
          <a href="/history" aria-current={boot.page === 'history' ? 'page' : undefined}>{t('list.history')}</a>
          <button type="button" class="btn btn-quiet" aria-expanded={settingsOpen} onClick={() => setSettingsOpen(!settingsOpen)} data-testid="settings-toggle">
            {t('common:action.settings')}
          </button>
        </nav>}
      </header>
      <NotifyPrompt />
      {settingsOpen && <SettingsPanel onClose={() => setSettingsOpen(false)} />}
      <div class="body">
        {!gateOnly && <InteractionList currentId={boot.page === 'resolve' ? boot.task_id : boot.session_id} />}
        <main class="content" id="main-content" tabIndex={-1}>
          {gateOnly && <GateLinkHint />}
          {boot.page === 'choice' && <ChoicePage />}
          {boot.page === 'history' && <HistoryPage />}
          {boot.page === 'task' && boot.task_id && <TaskPage taskId={boot.task_id} />}
          {boot.page === 'resolve' && boot.task_id && <ResolvePage taskId={boot.task_id} />}
          {boot.page === 'list' && (
            <section class="empty-state" data-testid="root-hint">
              <h1>{t('root.heading')}</h1>
              <p>{t('root.hint')}</p>
            </section>
          )}
        </main>
      </div>
    </div>
  );
}
