import { useState } from 'preact/hooks';
import type { EffectiveSettings, Language, SettingsPatch } from '../../shared/settings.js';

const LANGUAGES: Language[] = ['en', 'zh'];
import { t } from './i18n.js';
import { TelegramSettings } from './TelegramSettings.js';
import { NtfySettings } from './NtfySettings.js';
import { PairedMachines } from './PairedMachines.js';
import { PolicyStatus } from './PolicyStatus.js';
import { api } from '../state/api.js';
import { useServices } from '../state/app-context.js';
import { useStore } from '../state/app-store.js';

/** Settings shared with the terminal UI, persisted by the hub (PUT /api/settings); applied at once. Then the Telegram channel's. */
export function SettingsPanel({ onClose }: { onClose(): void }) {
  const { store } = useServices();
  const settings = useStore(store, (s) => s.settings);
  const [error, setError] = useState<string | null>(null);
  const [timeout, setTimeoutText] = useState(String(settings.default_timeout_seconds));

  const save = async (patch: SettingsPatch) => {
    setError(null);
    // Optimistic: the page changes at once; the hub's answer (and its broadcast) confirm it.
    store.update((s) => ({ settings: mergeLocal(s.settings, patch) }));
    try {
      const reply = await api<{ settings: EffectiveSettings }>('PUT', '/api/settings', patch);
      store.update({ settings: reply.settings });
    } catch (err) {
      setError(t('error.generic', { message: (err as Error).message }));
    }
  };

  return (
    <section class="settings card" aria-label={t('settings.title')} data-testid="settings-panel">
      <header class="row">
        <h2>{t('settings.title')}</h2>
        <button type="button" class="btn btn-quiet" onClick={onClose}>{t('settings.close')}</button>
      </header>
      <fieldset>
        <legend>{t('settings.submitMode')}</legend>
        <label class="check">
          <input type="radio" name="submit_mode" checked={settings.submit_mode === 'single-submit'} onChange={() => void save({ submit_mode: 'single-submit' })} data-testid="mode-single-submit" />
          {t('settings.singleSubmit')}
        </label>
        <label class="check">
          <input type="radio" name="submit_mode" checked={settings.submit_mode === 'batch'} onChange={() => void save({ submit_mode: 'batch' })} data-testid="mode-batch" />
          {t('settings.batch')}
        </label>
      </fieldset>
      <label class="check">
        <input type="checkbox" checked={settings.annotations_enabled} onChange={(e) => void save({ annotations_enabled: e.currentTarget.checked })} data-testid="set-annotations" />
        {t('settings.annotations')}
      </label>
      <label class="check">
        <input type="checkbox" checked={settings.placeholders_enabled} onChange={(e) => void save({ placeholders_enabled: e.currentTarget.checked })} data-testid="set-placeholders" />
        {t('settings.placeholders')}
      </label>
      <label class="field inline">
        <span>{t('settings.language')}</span>
        <select value={settings.effective_language} onChange={(e) => void save({ language: e.currentTarget.value as Language })} data-testid="set-language">
          {LANGUAGES.map((l) => (
            <option key={l} value={l}>{t(`common:language.${l}`)}</option>
          ))}
        </select>
      </label>
      <label class="field inline">
        <span>{t('settings.defaultTimeout')}</span>
        <input
          type="number"
          min="10"
          max="86400"
          value={timeout}
          onInput={(e) => setTimeoutText(e.currentTarget.value)}
          onChange={() => void save({ default_timeout_seconds: Math.round(Number(timeout)) })}
          data-testid="set-timeout"
        />
      </label>
      <fieldset>
        <legend>
          <label class="check">
            <input type="checkbox" checked={settings.notifications.enabled} onChange={(e) => void save({ notifications: { enabled: e.currentTarget.checked } })} data-testid="set-notify" />
            {t('settings.notifications')}
          </label>
        </legend>
        <label class="check">
          <input type="checkbox" disabled={!settings.notifications.enabled} checked={settings.notifications.on_new} onChange={(e) => void save({ notifications: { on_new: e.currentTarget.checked } })} />
          {t('settings.notifyNew')}
        </label>
        <label class="check">
          <input type="checkbox" disabled={!settings.notifications.enabled} checked={settings.notifications.on_timeout} onChange={(e) => void save({ notifications: { on_timeout: e.currentTarget.checked } })} />
          {t('settings.notifyTimeout')}
        </label>
      </fieldset>
      {error && <p class="error" role="alert">{error}</p>}
      <TelegramSettings />
      <NtfySettings />
      <PolicyStatus />
      <PairedMachines />
    </section>
  );
}

function mergeLocal(current: EffectiveSettings, patch: SettingsPatch): EffectiveSettings {
  const next = { ...current, ...patch, notifications: { ...current.notifications, ...(patch.notifications ?? {}) }, terminal: { ...current.terminal, ...(patch.terminal ?? {}) } } as EffectiveSettings;
  if (patch.language) next.effective_language = patch.language;
  return next;
}
