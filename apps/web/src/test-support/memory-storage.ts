// sessionStorage for the node test environment: the Web Storage interface over a Map, with a way
// to make writes fail as a full storage does.

export class MemoryStorage implements Storage {
  private readonly items = new Map<string, string>();
  private failingWrites = 0;

  get length(): number {
    return this.items.size;
  }
  clear(): void {
    this.items.clear();
  }
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  key(index: number): string | null {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
  setItem(key: string, value: string): void {
    if (this.failingWrites > 0) {
      this.failingWrites -= 1;
      throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
    }
    this.items.set(key, String(value));
  }

  /** The next `count` writes throw a QuotaExceededError. */
  failNextWrites(count: number): void {
    this.failingWrites = count;
  }
  keys(): string[] {
    return [...this.items.keys()];
  }
  /** Every key and value, for checks that nothing readable is stored. */
  dump(): string {
    return JSON.stringify([...this.items]);
  }
}
