import { EventEmitter } from 'node:events';
import { applySettingsPatch, settingsPatchSchema, type EffectiveSettings, type Language, type Settings } from '../../shared/settings.js';
import { problemsFromZod, RequestValidationError } from '../../shared/validation-error.js';
import type { Store } from '../store/store.js';

/** The persisted settings shared by every interface, plus the language in force. */
export class SettingsService extends EventEmitter<{ changed: [EffectiveSettings] }> {
  /** Updates apply one after another, each on top of the last one's result (two quick changes both stay). */
  private updating: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly store: Store,
    private readonly envLanguage: Language,
  ) {
    super();
  }

  get(): EffectiveSettings {
    const stored = this.store.settings;
    return { ...stored, effective_language: stored.language ?? this.envLanguage };
  }

  /** Validates and applies a partial update; persisted before it returns. */
  async update(patch: unknown): Promise<EffectiveSettings> {
    const parsed = settingsPatchSchema.safeParse(patch);
    if (!parsed.success) throw new RequestValidationError(problemsFromZod(parsed.error));
    const applied = this.updating.then(async () => {
      const next: Settings = applySettingsPatch(this.store.settings, parsed.data);
      await this.store.saveSettings(next);
      const effective = this.get();
      this.emit('changed', effective);
      return effective;
    });
    this.updating = applied.catch(() => undefined);
    return applied;
  }
}
