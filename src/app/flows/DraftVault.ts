/**
 * Issue 27: the signed-in user's unsent booking drafts, sealed in browser storage with a key only
 * that user is given (GET /api/users/me/draftkey, AES-GCM). Another account on the same browser
 * gets another key and another entry, so it is never offered — and cannot read — this user's
 * drafts. Flows read and write drafts through it synchronously (DraftStorage); the sealed entry is
 * read once when the key arrives and written after each change.
 *
 * When they go (docs/decisions.md, issue 27): an explicit Sign Out removes the user's drafts (they
 * chose to leave this device); a sign-out the user did not ask for (inactivity, session ended,
 * another tab) keeps them sealed for that user's next sign-in.
 */
import type { AxiosInstance } from 'axios';
import { action, makeObservable, observable } from 'mobx';
import type { DraftStorage } from '../../engine/core/draft';
import type { DraftKey } from '../../schemas/users';
import { type KeyValueStorage, storageKey } from '../storage';

const entryOf = (keyId: string) => storageKey(`drafts.${keyId}`);
const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

interface Sealed {
  iv: string;
  data: string;
}

export class DraftVault implements DraftStorage {
  /** The user's key has arrived and their drafts are read (or there is no key to be had). */
  ready = false;
  private drafts = new Map<string, string>();
  private key: { id: string; crypto: CryptoKey } | null = null;
  private opening: Promise<void> | null = null;
  /** Bumped on close, so a write sealed for the user before does not land after. */
  private generation = 0;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly api: AxiosInstance,
    private readonly storage: KeyValueStorage,
  ) {
    makeObservable<DraftVault, 'setReady'>(this, { ready: observable, setReady: action, close: action });
  }

  /** Fetches the signed-in user's key and reads their drafts; once per sign-in. */
  open(): Promise<void> {
    this.opening ??= this.load();
    return this.opening;
  }

  private async load(): Promise<void> {
    const generation = this.generation;
    try {
      const subtle = globalThis.crypto?.subtle;
      // Without Web Crypto (a page not served over HTTPS) drafts live in memory only.
      if (!subtle) return;
      const { data } = await this.api.get<DraftKey>('/users/me/draftkey', { silent: true });
      const crypto = await subtle.importKey('raw', fromBase64(data.Key), 'AES-GCM', false, [
        'encrypt',
        'decrypt',
      ]);
      if (generation !== this.generation) return;
      this.key = { id: data.KeyId, crypto };
      const stored = this.storage.getItem(entryOf(data.KeyId));
      if (!stored) return;
      const sealed = JSON.parse(stored) as Sealed;
      const plain = await subtle.decrypt(
        { name: 'AES-GCM', iv: fromBase64(sealed.iv) },
        crypto,
        fromBase64(sealed.data),
      );
      if (generation !== this.generation) return;
      this.drafts = new Map(
        Object.entries(JSON.parse(new TextDecoder().decode(plain)) as Record<string, string>),
      );
    } catch {
      // No key (signed out, offline) or an entry sealed with another key: no drafts to offer.
    } finally {
      if (generation === this.generation) this.setReady(true);
    }
  }

  // The engine names a draft by its flow; the portal keeps it as SPEC §9's 'brr.<name>'.
  getItem(key: string): string | null {
    const name = storageKey(key);
    // Drafts from before issue 27 lay unsealed under that name: never offered, removed.
    this.storage.removeItem(name);
    return this.drafts.get(name) ?? null;
  }

  setItem(key: string, value: string): void {
    this.drafts.set(storageKey(key), value);
    this.persist();
  }

  removeItem(key: string): void {
    const name = storageKey(key);
    this.storage.removeItem(name);
    if (this.drafts.delete(name)) this.persist();
  }

  /**
   * Sign-out: the user's key and drafts leave memory; `forget` (an explicit Sign Out) removes their
   * sealed drafts from the device too.
   */
  close(forget: boolean): void {
    if (forget && this.key) this.storage.removeItem(entryOf(this.key.id));
    this.generation += 1;
    this.key = null;
    this.drafts = new Map();
    this.opening = null;
    this.ready = false;
  }

  private setReady(ready: boolean): void {
    this.ready = ready;
  }

  /** Seals every draft of the user into their one entry, one write after another. */
  private persist(): void {
    const key = this.key;
    const generation = this.generation;
    const subtle = globalThis.crypto?.subtle;
    if (!key || !subtle) return;
    const plain = JSON.stringify(Object.fromEntries(this.drafts));
    const empty = this.drafts.size === 0;
    this.writing = this.writing.then(async () => {
      try {
        if (generation !== this.generation) return;
        if (empty) {
          this.storage.removeItem(entryOf(key.id));
          return;
        }
        const iv = globalThis.crypto.getRandomValues(new Uint8Array(12));
        const data = await subtle.encrypt(
          { name: 'AES-GCM', iv },
          key.crypto,
          new TextEncoder().encode(plain),
        );
        if (generation !== this.generation) return;
        const sealed: Sealed = { iv: toBase64(iv), data: toBase64(new Uint8Array(data)) };
        this.storage.setItem(entryOf(key.id), JSON.stringify(sealed));
      } catch {
        // Storage full or blocked: the form still works, only the draft is not kept.
      }
    });
  }
}
