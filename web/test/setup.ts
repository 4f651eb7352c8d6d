// What the page's modules find in a browser and read when they load: the
// reader's language (i18n.ts) and local storage (the language and notation
// chosen). Node has neither, so each test file starts with an empty store
// and English.
class MemoryStorage {
  private items = new Map<string, string>();
  getItem(key: string): string | null { return this.items.get(key) ?? null; }
  setItem(key: string, value: string) { this.items.set(key, String(value)); }
  removeItem(key: string) { this.items.delete(key); }
  clear() { this.items.clear(); }
}

Object.assign(globalThis, { localStorage: new MemoryStorage() });
if (!('navigator' in globalThis)) Object.assign(globalThis, { navigator: { language: 'en-GB' } });
