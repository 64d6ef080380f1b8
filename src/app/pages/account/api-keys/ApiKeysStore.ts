/**
 * Issue 18, the API keys section of My Account: a company administrator's keys (staff: the chosen
 * company's), make one (the key shown once, with a copy button), revoke one after a confirmation.
 * Talks to /api/account/apikeys (src/server/routes/api-keys.ts); who sees the section is the
 * policies' integrationsManage, and whether a company is chosen is mayChooseCustomer.
 */
import type { AxiosInstance } from 'axios';
import { action, makeObservable, observable, observableRef, runInAction } from 'mobx';
import type { CustomerRow } from '../../../../domain/lookups';
import type { PermissionSet } from '../../../../domain/permissions';
import {
  Abilities,
  API_KEY_ABILITIES,
  type ApiKeyAbility,
  can,
  mayChooseCustomer,
} from '../../../../domain/policies';
import type { ApiKeyView, CreatedApiKey } from '../../../../schemas/api-keys';
import { isApiError } from '../../../api/errors';
import type { MessageStore } from '../../../stores/MessageStore';
import { CompanyFinderStore } from '../CompanyFinderStore';

export interface ApiKeysDeps {
  api: AxiosInstance;
  session: { readonly permissions: PermissionSet; readonly isInternal: boolean };
  confirm(options: {
    title: string;
    message: string;
    okText: string;
    cancelText: string;
    destructive: boolean;
  }): Promise<boolean>;
  /** Puts the new key on the clipboard (navigator.clipboard in the browser). */
  copy(text: string): Promise<void>;
  /** Issue 25: a made or revoked key also says so in a toast. */
  messages: Pick<MessageStore, 'done'>;
  now?: () => Date;
}

export const ABILITY_LABELS: Record<ApiKeyAbility, string> = {
  read: 'Read: search the dashboard, open orders and their documents',
  book: 'Book: make and change bookings',
  cancel: 'Cancel: cancel orders',
  gate: 'Gate: a terminal or depot sends gate events (made by staff through the API)',
};

/** The create form, as typed. */
export interface ApiKeyDraft {
  Name: string;
  Abilities: ApiKeyAbility[];
  /** yyyy-mm-dd: the key works to the end of that day (UTC). */
  ExpiresAt: string;
}

const messageOf = (error: unknown) =>
  isApiError(error) ? error.message : 'The call failed. Check your connection and try again.';

export class ApiKeysStore {
  keys: ApiKeyView[] = [];
  loaded = false;
  loadError: string | null = null;
  draft: ApiKeyDraft | null = null;
  draftError: string | null = null;
  saving = false;
  /** The key just made: shown once, until dismissed. */
  created: CreatedApiKey | null = null;
  copied = false;
  /** Staff: the company whose keys are shown and made. */
  company: { CustomerId: number; Name: string } | null = null;
  readonly finder: CompanyFinderStore;

  constructor(private readonly deps: ApiKeysDeps) {
    this.finder = new CompanyFinderStore(deps.api);
    makeObservable(this, {
      keys: observableRef,
      loaded: observable,
      loadError: observable,
      draft: observable,
      draftError: observable,
      saving: observable,
      created: observableRef,
      copied: observable,
      company: observableRef,
      startNew: action,
      closeDraft: action,
      setName: action,
      toggleAbility: action,
      setExpiresAt: action,
      dismissKey: action,
      chooseCompany: action,
    });
  }

  get allowed(): boolean {
    return can(this.deps.session, Abilities.integrationsManage);
  }

  get choosesCompany(): boolean {
    return mayChooseCustomer(this.deps.session);
  }

  async load(): Promise<void> {
    if (!this.allowed || (this.choosesCompany && !this.company)) return;
    try {
      const res = await this.deps.api.get<ApiKeyView[]>('/account/apikeys', {
        params: this.company ? { CustomerId: this.company.CustomerId } : {},
        silent: true,
      });
      runInAction(() => {
        this.keys = res.data;
        this.loaded = true;
        this.loadError = null;
      });
    } catch (error) {
      runInAction(() => (this.loadError = messageOf(error)));
    }
  }

  chooseCompany(row: CustomerRow): void {
    this.company = { CustomerId: row.CustomerId, Name: row.CustomerNameWithSCAC };
    this.loaded = false;
    this.keys = [];
    void this.load();
  }

  startNew(): void {
    const now = this.deps.now?.() ?? new Date();
    const inAYear = new Date(now.getTime() + 365 * 86_400_000).toISOString().slice(0, 10);
    this.draft = { Name: '', Abilities: ['read'], ExpiresAt: inAYear };
    this.draftError = null;
  }

  closeDraft(): void {
    this.draft = null;
    this.draftError = null;
  }

  setName(name: string): void {
    if (this.draft) this.draft.Name = name;
  }

  toggleAbility(ability: ApiKeyAbility): void {
    if (!this.draft) return;
    const has = this.draft.Abilities.includes(ability);
    // Kept in the policies' order, so the list reads the same whatever was ticked first.
    this.draft.Abilities = API_KEY_ABILITIES.filter((a) =>
      a === ability ? !has : this.draft?.Abilities.includes(a),
    );
  }

  setExpiresAt(date: string): void {
    if (this.draft) this.draft.ExpiresAt = date;
  }

  /** Makes the key; the server's message shows on the form when it refuses. */
  async create(): Promise<boolean> {
    const draft = this.draft;
    if (!draft) return false;
    runInAction(() => {
      this.saving = true;
      this.draftError = null;
    });
    try {
      const res = await this.deps.api.post<CreatedApiKey>(
        '/account/apikeys',
        { ...draft, ...(this.company ? { CustomerId: this.company.CustomerId } : {}) },
        { silent: true },
      );
      runInAction(() => {
        this.created = res.data;
        this.copied = false;
        this.draft = null;
      });
      this.deps.messages.done(`API key "${res.data.Name}" made: copy it now, it is shown only once.`);
      await this.load();
      return true;
    } catch (error) {
      runInAction(() => (this.draftError = messageOf(error)));
      return false;
    } finally {
      runInAction(() => (this.saving = false));
    }
  }

  async copyKey(): Promise<void> {
    if (!this.created) return;
    await this.deps.copy(this.created.Key);
    runInAction(() => (this.copied = true));
  }

  dismissKey(): void {
    this.created = null;
    this.copied = false;
  }

  async revoke(key: ApiKeyView): Promise<void> {
    const ok = await this.deps.confirm({
      title: 'Revoke API Key',
      message: `Revoke "${key.Name}" (${key.Prefix}…)? Systems calling with it are refused from their next call. This cannot be undone.`,
      okText: 'Revoke Key',
      cancelText: 'Keep Key',
      destructive: true,
    });
    if (!ok) return;
    try {
      await this.deps.api.post(`/account/apikeys/${key.ApiKeyId}/revoke`, {}, { silent: true });
      this.deps.messages.done(`API key "${key.Name}" revoked.`);
      await this.load();
    } catch (error) {
      runInAction(() => (this.loadError = messageOf(error)));
    }
  }
}
